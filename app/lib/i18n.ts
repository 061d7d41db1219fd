/**
 * The one place components take their strings from: every screen imports `useTranslation` from here, so
 * the React binding behind it can change without touching the screens.
 */
export { useTranslation } from "react-i18next";
