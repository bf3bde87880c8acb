/**
 * What an authenticator app does, for the tests: RFC 6238 TOTP (HMAC-SHA-1, 30-second steps,
 * 6 digits) from an `otpauth://` URI or a base32 key, with node:crypto alone — so the tests check
 * the app against the standard, not against the library it uses.
 */
import { createHmac } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (spaces, padding and case ignored). */
export function base32Decode(input: string): Buffer {
  const clean = input.toUpperCase().replace(/[\s=]/g, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The key of an `otpauth://totp/...?secret=...` URI, or of a key typed by hand ("ABCD EFGH ..."). */
export function keyOf(uriOrSecret: string): Buffer {
  const secret = uriOrSecret.startsWith("otpauth://") ? new URL(uriOrSecret).searchParams.get("secret") : uriOrSecret;
  if (!secret) throw new Error(`no secret in ${uriOrSecret}`);
  return base32Decode(secret);
}

/** The 6-digit code for a key at a moment (default now); `step` moves by 30-second steps. */
export function totp(uriOrSecret: string, options: { at?: number; step?: number } = {}): string {
  const key = keyOf(uriOrSecret);
  const counter = Math.floor((options.at ?? Date.now()) / 30_000) + (options.step ?? 0);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac("sha1", key).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, "0");
}

/** A 6-digit code that is not valid for the key now (nor one step either side). */
export function wrongTotp(uriOrSecret: string): string {
  const valid = new Set([-1, 0, 1].map((step) => totp(uriOrSecret, { step })));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** The 30-second step a moment belongs to (default now). */
export function stepAt(at = Date.now()): number {
  return Math.floor(at / 30_000);
}

/**
 * An authenticator app as the server sees it: the server accepts each 30-second step's code once,
 * so `next()` never gives a step twice — the current step, else the next one (both accepted), and
 * when both were given already it waits for the step to turn over (at most 30 seconds).
 */
export function authenticatorApp(uriOrSecret: string) {
  let last = -Infinity;
  return {
    /** The step of the last code given. */
    get lastStep() {
      return last;
    },
    /** A code of this step (e.g. the one given last: to check that it is refused the second time). */
    codeOf(step: number) {
      return totp(uriOrSecret, { at: step * 30_000 });
    },
    async next(): Promise<string> {
      for (;;) {
        const now = stepAt();
        const step = Math.max(last + 1, now);
        if (step <= now + 1) {
          last = step;
          return totp(uriOrSecret, { at: step * 30_000 });
        }
        await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 100));
      }
    },
  };
}
