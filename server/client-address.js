// The client's address: one rule for the whole app. It is the socket's peer
// unless TRUST_PROXY names the proxies in front (a hop count, or their
// addresses/subnets), in which case Express reads it from X-Forwarded-For as
// far back as those proxies vouch for. Every rate limit, the mandate's IP
// record and better-auth read it from CLIENT_ADDRESS_HEADER, which this
// middleware overwrites on every request, so a forged header never counts.

/** The request header that carries the address the app trusts (set here, never by the client). */
export const CLIENT_ADDRESS_HEADER = "x-marketplace-client-address";

/**
 * TRUST_PROXY → Express's "trust proxy" setting. Unset, "", "0" or "false":
 * trust nothing (the socket's address). A whole number n: trust n hops.
 * Otherwise a comma-separated list of addresses or subnets ("loopback",
 * "10.0.0.0/8", "172.16.0.5"). "true" (trust every hop) is refused: anyone
 * could then name their own address.
 */
export function trustProxySetting(value) {
  const v = (value ?? "").trim();
  if (v === "" || v === "0" || v.toLowerCase() === "false") return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === "true") {
    throw new Error('TRUST_PROXY=true would trust any X-Forwarded-For: give the number of proxies (e.g. 1) or their addresses.');
  }
  const list = v.split(",").map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(entry)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an address, a subnet, loopback, linklocal or uniquelocal.`);
    }
  }
  return list;
}

/** The trusted address without the IPv4-mapped prefix, or null. */
export function clientAddressOf(req) {
  const ip = (req.ip || req.socket?.remoteAddress || "").replace(/^::ffff:/, "");
  return ip && ip.length <= 64 ? ip : null;
}

/** Overwrites the trusted-address header with the address Express derived (or removes it). */
export function clientAddress(req, _res, next) {
  const ip = clientAddressOf(req);
  if (ip) req.headers[CLIENT_ADDRESS_HEADER] = ip;
  else delete req.headers[CLIENT_ADDRESS_HEADER];
  next();
}
