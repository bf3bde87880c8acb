/**
 * Signing up through an invitation (/signup?invitation=… and /complete-signup):
 * createUser claims the invitation in the sign-up transaction and creates the
 * account verified; then the new user is signed in and sent to their home
 * (docs/product.md#roles-and-accounts).
 */
import { createUser, type SignUpInput } from "#app/domain/user/create-user.server.ts";
import { signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import type { Invitation } from "./get-invitation.server.ts";

export async function acceptInvitation(options: {
  runtime: Runtime;
  invitation: Pick<Invitation, "role">;
  token: string;
  input: SignUpInput;
  request: Request;
}): Promise<{ userId: string; to: string; headers: Headers | undefined }> {
  const { runtime, token, input, request } = options;
  // The role is locked to the invitation's; createUser takes it from the claimed row anyway.
  const { userId, role } = await createUser({ runtime, ...input, role: options.invitation.role, invitation: token });
  const home = homePathFor({ isAdmin: false, role });
  try {
    const { headers } = await signInWithPassword({ runtime, email: input.email, password: input.password, request });
    return { userId, to: home, headers };
  } catch (error) {
    // The account exists and is verified: the user can still sign in by hand.
    if (!(error instanceof AppError)) throw error;
    logger.warn({ err: error.message, userId }, "sign-in after an invitation sign-up failed");
    return { userId, to: "/signin", headers: undefined };
  }
}
