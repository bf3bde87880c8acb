/**
 * A visitor's own sign-up (/signup): limited per address and per e-mail, then
 * the account is created unconfirmed and the confirmation e-mail goes out.
 * Submitting the form accepts the terms (the sentence under it): the account's
 * transaction records it.
 */
import { enforceRateLimits } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { createUser, type SignUpInput } from "./create-user.server.ts";

const HOUR = 60 * 60;

export async function signUp(options: { runtime: Runtime; ip: string; input: SignUpInput }) {
  const { runtime, ip, input } = options;
  const email = input.email.toLowerCase();
  await enforceRateLimits(
    runtime.db,
    [
      { key: `signup:ip:${ip}`, limit: 10, windowSeconds: HOUR },
      { key: `signup:email:${email}`, limit: 5, windowSeconds: HOUR },
    ],
    { enabled: runtime.env.AUTH_RATE_LIMIT, title: "Sign Up Failed" },
  );
  const { userId } = await createUser({ runtime, ...input, termsAccepted: true });
  return { userId, email };
}
