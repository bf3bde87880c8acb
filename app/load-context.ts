import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address from the socket (or X-Forwarded-For when TRUST_PROXY=1); null if unknown. */
    clientIp: string | null;
    /** This response's Content-Security-Policy nonce for inline scripts. */
    cspNonce?: string;
  }
}

export {};
