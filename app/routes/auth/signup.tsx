import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { AuthCard, SignInInstead } from "#app/components/auth/auth-card.tsx";
import { InvitationSignUpForm, type InvitationForForm } from "#app/components/auth/invitation-sign-up-form.tsx";
import { InvalidInvitation, VerifyInvitation } from "#app/components/auth/invitation-screens.tsx";
import { roleParam, SignUpForm } from "#app/components/auth/sign-up-form.tsx";
import { type ConfirmationState } from "#app/components/auth/resend-confirmation.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { getUsableInvitation } from "#app/domain/invitation/get-invitation.server.ts";
import { INVITATION_MESSAGES } from "#app/domain/invitation/invitation-messages.ts";
import { SIGN_UP_SECRET_FIELDS, SignUpSchema, signUpInvalid } from "#app/domain/user/auth-schemas.ts";
import { getConfirmationCooldown } from "#app/domain/user/confirmation-cooldown.server.ts";
import { signUp } from "#app/domain/user/sign-up.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { doneReply, invalidReply, runForm, type FormToast } from "#app/lib/form-reply.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime, type Runtime } from "#app/server/runtime.server.ts";
import { answerInvitationSignUp } from "./invitation-sign-up-reply.server.ts";
import { answerResendConfirmation } from "./resend-confirmation.server.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./signup.intents.ts";

type LoaderData =
  | { mode: "signup" }
  | { mode: "invitation"; invitation: InvitationForForm }
  | { mode: "invalid-invitation" }
  | { mode: "invitation-error" }
  | { mode: "verify"; state: "verified" | "failed" | "error"; next: string };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const mode = loaderData?.mode ?? "signup";
  if (mode === "signup") {
    return [
      { title: pageTitle("Create Account") },
      { name: "description", content: "Register as a buyer or seller of heavy machinery and industrial equipment." },
    ];
  }
  const title =
    mode === "invitation"
      ? INVITATION_MESSAGES.pageTitle
      : mode === "verify"
        ? "Invitation Verification"
        : INVITATION_MESSAGES.invalidTitle;
  return [{ title: pageTitle(`${title}`) }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: Route.LoaderArgs): Promise<LoaderData> {
  // Public; a signed-in user goes to their home.
  const viewer = await getViewer(request);
  if (viewer) throw redirect(homePathFor(viewer));
  const params = new URL(request.url).searchParams;
  const { db } = await getRuntime();

  // An invite link carrying token_hash and type=invite: verify, then /complete-signup after 2 s.
  if (params.get("type") === "invite") {
    const token = params.get("token_hash") ?? "";
    try {
      const invitation = await getUsableInvitation({ db, token });
      return invitation
        ? { mode: "verify", state: "verified", next: `/complete-signup?invitation=${encodeURIComponent(token)}` }
        : { mode: "verify", state: "failed", next: "/signup" };
    } catch (error) {
      logger.error({ err: error }, "invitation verification failed");
      return { mode: "verify", state: "error", next: "/signup" };
    }
  }

  // /signup?invitation=TOKEN: the e-mail and account type come from the invitation.
  const token = params.get("invitation");
  if (token !== null) {
    try {
      const invitation = await getUsableInvitation({ db, token });
      if (!invitation) return { mode: "invalid-invitation" };
      return {
        mode: "invitation",
        invitation: { token, email: invitation.email, role: invitation.role, fullName: invitation.fullName },
      };
    } catch (error) {
      logger.error({ err: error }, "invitation lookup failed");
      return { mode: "invitation-error" };
    }
  }
  return { mode: "signup" };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Public (creating an account); same-origin posts only.
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const token = formData.get("invitation");
  if (typeof token === "string" && token !== "") return invitationSignUp(runtime, request, formData, token);
  if ((formData.get("intent") as Intent | null) === "resend-confirmation") {
    const { status, toast, confirmation } = await answerResendConfirmation({
      runtime,
      formData,
      ip: clientIp(context),
    });
    return data({ result: undefined, toast, created: Boolean(confirmation), confirmation }, { status });
  }
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  const extra = { created: false, confirmation: undefined as ConfirmationState | undefined };
  if (submission.status !== "success") return invalidReply(submission, { ...signUpInvalid(submission.error), extra });
  return runForm(
    submission,
    async () => {
      const { email } = await signUp({ runtime, ip: clientIp(context), input: submission.value });
      return doneReply(submission, {
        extra: {
          created: true,
          confirmation: { email, retryAfterSeconds: await getConfirmationCooldown({ runtime, email }) },
        },
        toast: {
          type: "success",
          title: "Account Created Successfully!",
          description: "Please check your email to verify your account before signing in.",
        },
      });
    },
    { hideFields: SIGN_UP_SECRET_FIELDS, extra },
  );
}

/**
 * Sign-up through an invitation: the role is the invitation's (whatever was
 * posted), the e-mail must be the invited one; then the new user is signed in.
 */
async function invitationSignUp(runtime: Runtime, request: Request, formData: FormData, token: string) {
  const extra = { created: false, confirmation: undefined as ConfirmationState | undefined };
  const invitation = await getUsableInvitation({ db: runtime.db, token });
  if (!invitation) {
    const toast: FormToast = {
      type: "error",
      title: INVITATION_MESSAGES.invalidTitle,
      description: INVITATION_MESSAGES.invalid,
    };
    return data({ ...extra, result: undefined, toast }, { status: 400 });
  }
  return answerInvitationSignUp({ runtime, request, formData, token, invitation, extra });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const [params] = useSearchParams();
  const page = loaderData;
  if (page.mode === "verify") return <VerifyInvitation state={page.state} next={page.next} />;
  if (page.mode === "invalid-invitation") return <InvalidInvitation />;
  if (page.mode === "invitation-error") return <InvalidInvitation loadFailed />;
  if (page.mode === "invitation") {
    return (
      <AuthCard
        title={INVITATION_MESSAGES.pageTitle}
        description="You have been invited to the marketplace. Set your password and details to create your account."
      >
        <InvitationSignUpForm
          invitation={page.invitation}
          lastResult={actionData?.result}
          submitLabel="Create Account"
        />
        <SignInInstead />
      </AuthCard>
    );
  }
  return <SignUpForm key={roleParam(params.get("role")) ?? ""} actionData={actionData} />;
}
