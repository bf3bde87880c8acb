/**
 * The answer to an invitation sign-up post, for /signup?invitation=… and
 * /complete-signup alike: the role is the invitation's whatever was posted;
 * on success the new user is sent on with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Invitation } from "#app/domain/invitation/get-invitation.server.ts";
import { signUpWithInvitation } from "#app/domain/invitation/sign-up-with-invitation.server.ts";
import { SIGN_UP_SECRET_FIELDS, SignUpSchema, signUpInvalid } from "#app/domain/user/auth-schemas.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";

export async function answerInvitationSignUp<X extends object>(options: {
  runtime: Runtime;
  request: Request;
  formData: FormData;
  token: string;
  invitation: Pick<Invitation, "role">;
  extra: X;
}) {
  const { runtime, request, formData, token, invitation, extra } = options;
  formData.set("role", invitation.role);
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") return invalidReply(submission, { ...signUpInvalid(submission.error), extra });
  return runForm(
    submission,
    async () => {
      const input = submission.value;
      const { to, headers, toast } = await signUpWithInvitation({ runtime, request, token, invitation, input });
      return redirectWithToast(to, toast, { headers });
    },
    { hideFields: SIGN_UP_SECRET_FIELDS, fieldErrors: "with-form", extra },
  );
}
