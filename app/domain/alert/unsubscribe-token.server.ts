/**
 * One-click unsubscribe (docs/product.md#saved-searches-and-alerts): every alert e-mail carries a link
 * that stops exactly that alert — one saved search, or the watchlist's price drops — without signing
 * in. The token names what it stops and is signed (HMAC-SHA256 with a key derived from SESSION_SECRET
 * for this purpose only): a changed character is refused, and it can do nothing but unsubscribe.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "#app/lib/uuid.ts";

export type UnsubscribeSubject = { kind: "search"; id: string } | { kind: "watchlist"; userId: string };

const key = (secret: string) => createHmac("sha256", secret).update("unsubscribe-link-v1").digest();
const mac = (secret: string, payload: string) => createHmac("sha256", key(secret)).update(payload).digest("base64url");

export function signUnsubscribe(secret: string, subject: UnsubscribeSubject) {
  const payload =
    subject.kind === "search" ? `s.${subject.id}` : `w.${Buffer.from(subject.userId).toString("base64url")}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** What a token stops, or null for anything not signed by us (or not in the token's shape). */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeSubject | null {
  if (token.length > 300) return null;
  const at = token.lastIndexOf(".");
  if (at < 0) return null;
  const payload = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [kind, value] = payload.split(".", 2) as [string, string | undefined];
  if (kind === "s" && value && isUuid(value)) return { kind: "search", id: value };
  if (kind === "w" && value) {
    const userId = Buffer.from(value, "base64url").toString("utf8");
    if (userId) return { kind: "watchlist", userId };
  }
  return null;
}

/** The unsubscribe page's address for a subject. */
export const unsubscribePath = (secret: string, subject: UnsubscribeSubject) =>
  `/unsubscribe/${signUnsubscribe(secret, subject)}`;
