// Pages and data that depend on who is signed in are never stored by a
// browser's history cache or by any shared cache (a proxy, a CDN) in between.
//
// A response depends on the session when the request carries better-auth's
// session cookie, or when the response sets a cookie (signing in or out, a
// one-shot toast). Such a response gets `Cache-Control: private, no-store`,
// unless its route already chose a private policy (the mandate PDF, mailbox
// attachments). Every response from React Router also says `Vary: Cookie`, so
// no cache can hand a visitor's copy of a page to a signed-in user or the
// reverse. Pages for visitors keep their own policy (robots.txt and
// sitemap.xml: `public, max-age=3600`). Used in front of React Router's
// handler only: /assets and /media are the same for everyone.

/** better-auth's session cookie: `better-auth.session_token`, with the `__Secure-` prefix on https. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/;

/** Whether a Cookie header carries a session. */
export function carriesSession(cookieHeader) {
  return typeof cookieHeader === "string" && SESSION_COOKIE.test(cookieHeader);
}

const directivesOf = (value) =>
  String(value ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase().split("=")[0])
    .filter(Boolean);

/**
 * The Cache-Control for a response that depends on the session: the route's
 * own when it is already private (`private` or `no-store`), else
 * `private, no-store` (keeping `no-transform`, which the event stream needs).
 */
export function privateCacheControl(existing) {
  const directives = directivesOf(existing);
  if (directives.includes("private") || directives.includes("no-store")) return String(existing);
  return directives.includes("no-transform") ? "private, no-store, no-transform" : "private, no-store";
}

/** `existing` Vary with `field` added once (case-insensitive); `*` stays `*`. */
export function addVary(existing, field) {
  const fields = String(existing ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes("*") || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return fields.join(", ");
  return [...fields, field].join(", ");
}

/** Headers passed to writeHead(status[, message], headers) are set first, so the policy sees them. */
function setHeadersFromArgs(res, args) {
  const last = args[args.length - 1];
  if (args.length > 1 && last && typeof last === "object" && !Array.isArray(last)) {
    for (const [name, value] of Object.entries(last)) if (value !== undefined) res.setHeader(name, value);
    return args.slice(0, -1);
  }
  return args;
}

export function privateResponses(req, res, next) {
  const signedIn = carriesSession(req.headers.cookie);
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithCachePolicy(...args) {
    const rest = setHeadersFromArgs(this, args);
    if (signedIn || this.hasHeader("Set-Cookie")) {
      this.setHeader("Cache-Control", privateCacheControl(this.getHeader("Cache-Control")));
    }
    this.setHeader("Vary", addVary(this.getHeader("Vary"), "Cookie"));
    return writeHead.apply(this, rest);
  };
  next();
}
