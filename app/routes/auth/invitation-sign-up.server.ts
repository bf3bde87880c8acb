/**
 * Sign-up through an invitation, shared by /signup and /complete-signup: the
 * role is the invitation's (whatever was posted), the e-mail must be the
 * invited one; createUser claims the invitation in the sign-up transaction,
 * then the new user is signed in.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";
import { acceptInvitation } from "#app/domain/invitation/accept-invitation.server.ts";
import type { getUsableInvitation } from "#app/domain/invitation/get-invitation.server.ts";
import { SignUpSchema, signUpErrorToast } from "#app/domain/user/auth-schemas.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/lib/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";

export async function submitInvitationSignUp(options: {
  runtime: Runtime;
  request: Request;
  formData: FormData;
  token: string;
  invitation: NonNullable<Awaited<ReturnType<typeof getUsableInvitation>>>;
}) {
  const { runtime, request, formData, token, invitation } = options;
  formData.set("role", invitation.role);
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        toast: signUpErrorToast(submission.error) as ActionToast,
        created: false,
      },
      { status: 400 },
    );
  }
  try {
    const { to, headers } = await acceptInvitation({ runtime, invitation, token, input: submission.value, request });
    return await redirectWithToast(
      to,
      to === "/signin"
        ? { type: "success", title: "Account Created Successfully!", description: "Please sign in." }
        : { type: "success", title: "Account Created Successfully!", description: "Your invitation has been accepted. Welcome!" },
      { headers },
    );
  } catch (error) {
    if (error instanceof AppError) {
      return data(
        {
          result: submission.reply({
            formErrors: [error.message],
            fieldErrors: error.fieldErrors,
            hideFields: ["password", "confirmPassword"],
          }),
          toast: { type: "error", title: error.title, description: error.message } as ActionToast,
          created: false,
        },
        { status: error.status },
      );
    }
    throw error;
  }
}
