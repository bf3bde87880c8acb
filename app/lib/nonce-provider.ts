import { createContext, useContext } from "react";

/** The per-request CSP nonce for inline scripts (empty in the browser after hydration). */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
