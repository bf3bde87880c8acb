/**
 * Sign-up through an invitation, for /signup and /complete-signup: the role
 * is the invitation's (whatever was posted), the e-mail must be the invited
 * one; createUser claims the invitation in the sign-up transaction, then the
 * new user is signed in. Answers where to go next and the toast to show there.
 * Submitting the form accepts the terms (the sentence under it): the sign-up
 * transaction records it as an "invitation sign-up".
 */
import type { SignUpInput } from "#app/domain/user/create-user.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { acceptInvitation } from "./accept-invitation.server.ts";
import type { Invitation } from "./get-invitation.server.ts";

export async function signUpWithInvitation(options: {
  runtime: Runtime;
  request: Request;
  token: string;
  invitation: Pick<Invitation, "role">;
  input: SignUpInput;
}) {
  const { runtime, request, token, invitation, input } = options;
  const { to, headers } = await acceptInvitation({
    runtime,
    invitation,
    token,
    input: { ...input, termsAccepted: true },
    request,
  });
  const toast = {
    type: "success" as const,
    title: "Account Created Successfully!",
    description: to === "/signin" ? "Please sign in." : "Your invitation has been accepted. Welcome!",
  };
  return { to, headers, toast };
}
