/**
 * The back office's content security policy nonce (decision record 008): a fresh random value per document,
 * put on every script React Router renders and named in the page's `script-src`, so an injected inline script
 * or event handler does not run. React context carries it from the server entry to the root layout. In the
 * browser the page's own scripts keep it in their `nonce` property (the attribute is hidden), so the
 * hydrating render renders the same value.
 */
import { createContext, useContext } from "react";

const pageNonce = () =>
  typeof document === "undefined"
    ? ""
    : (document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

const NonceContext = createContext(pageNonce());

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
