import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address: the socket's, or as the proxies named in TRUST_PROXY report it (server/client-address.js); null if unknown. */
    clientIp: string | null;
    /** This response's Content-Security-Policy nonce for inline scripts. */
    cspNonce?: string;
  }
}

export {};
