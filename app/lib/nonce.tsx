import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of this response (empty in the browser, see useStyleNonce). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

/**
 * For `<script>` elements. Browsers hide a script's nonce attribute once parsed (it reads ""), so the
 * browser renders "" and hydration matches.
 */
export const useNonce = () => useContext(NonceContext);

/** This page's nonce, read back in the browser from the property the browser keeps. */
export function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/**
 * For `<style>` and `<link>` elements, whose nonce attribute browsers leave visible: the browser must
 * render the very same value, or hydration reports a mismatch on every page.
 */
export function useStyleNonce(): string {
  const nonce = useNonce();
  return typeof document === "undefined" ? nonce : pageNonce();
}
