/**
 * The signer's address for the mandate (docs/product.md#mandate), "Unknown" if none. The load
 * context's address is already the one rule's (server/client-address.js:
 * connection or trusted proxies, IPv4-mapped prefix removed, at most 64 characters).
 */
export function clientIp(context: { clientIp?: string | null } | undefined) {
  return context?.clientIp || "Unknown";
}
