import type { Resource } from "i18next";
import ar from "./ar";
import en from "./en";
import fr from "./fr";

/** Every namespace of every language (the server renders any of them). A unit test fails when keys differ. */
export const resources = { en, fr, ar } satisfies Resource;
