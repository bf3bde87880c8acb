/**
 * "Resend confirmation e-mail" (intent resend-confirmation), answered by
 * /signup and /signin alike: the same words for every address.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ConfirmationState } from "#app/components/auth/resend-confirmation.tsx";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";
import { CONFIRMATION_MESSAGES, MESSAGES, ResendConfirmationSchema, TITLES } from "#app/domain/user/auth-schemas.ts";
import { resendConfirmation } from "#app/domain/user/resend-confirmation.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";

export async function answerResendConfirmation(options: {
  runtime: Runtime;
  formData: FormData;
  ip?: string;
}): Promise<{ status: number; toast: ActionToast; confirmation?: ConfirmationState }> {
  const { runtime, formData, ip } = options;
  const submission = parseWithZod(formData, { schema: ResendConfirmationSchema });
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? MESSAGES.emailRequired;
    return { status: 400, toast: { type: "error", title: TITLES[message] ?? "Invalid Email", description: message } };
  }
  const { email } = submission.value;
  const result = await resendConfirmation({ runtime, email, ip });
  if (result.sent) {
    const message = CONFIRMATION_MESSAGES.resent(email);
    return {
      status: 200,
      toast: { type: "success", title: CONFIRMATION_MESSAGES.resentTitle, description: message },
      confirmation: { email, retryAfterSeconds: result.retryAfterSeconds, notice: { type: "sent", message } },
    };
  }
  const message = CONFIRMATION_MESSAGES.wait(result.retryAfterSeconds);
  return {
    status: 429,
    toast: { type: "error", title: CONFIRMATION_MESSAGES.waitTitle, description: message },
    confirmation: { email, retryAfterSeconds: result.retryAfterSeconds, notice: { type: "refused", message } },
  };
}
