/** The signer's address for the mandate (spec §9): from the connection, "Unknown" if none. */
export function clientIp(context: { clientIp?: string | null } | undefined) {
  const ip = context?.clientIp?.replace(/^::ffff:/, "");
  return ip && ip.length <= 64 ? ip : "Unknown";
}
