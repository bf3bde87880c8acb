import { redirect } from "react-router";
import type { Route } from "./+types/complete-signup";
import { AuthCard, SignInInstead } from "#app/components/auth/auth-card.tsx";
import { InvitationSignUpForm } from "#app/components/auth/invitation-sign-up-form.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { getUsableInvitation } from "#app/domain/invitation/get-invitation.server.ts";
import { INVITATION_MESSAGES } from "#app/domain/invitation/invitation-schema.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { answerInvitationSignUp } from "./invitation-sign-up-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(`${INVITATION_MESSAGES.pageTitle}`) },
  { name: "robots", content: "noindex" },
];

const invalidToast = {
  type: "error",
  title: INVITATION_MESSAGES.invalidTitle,
  description: INVITATION_MESSAGES.invalid,
} as const;

/**
 * Where a verified invite link lands (/signup?token_hash=…&type=invite → here
 * after 2 s). Only with a usable invitation; otherwise signed-in users go to
 * their home and visitors to /signin.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(homePathFor(viewer));
  const token = new URL(request.url).searchParams.get("invitation");
  if (!token) throw redirect("/signin");
  const { db } = await getRuntime();
  const invitation = await getUsableInvitation({ db, token });
  if (!invitation) throw await redirectWithToast("/signin", invalidToast);
  return { invitation: { token, email: invitation.email, role: invitation.role, fullName: invitation.fullName } };
}

export async function action({ request }: Route.ActionArgs) {
  // Public: the invitation token is the credential; same-origin posts only.
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const token = String(formData.get("invitation") ?? "");
  const invitation = await getUsableInvitation({ db: runtime.db, token });
  if (!invitation) throw await redirectWithToast("/signin", invalidToast);
  return answerInvitationSignUp({ runtime, request, formData, token, invitation, extra: { created: false } });
}

export default function CompleteSignup({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <AuthCard
      title={INVITATION_MESSAGES.pageTitle}
      description="Your invitation is verified. Set your password and details to finish creating your account."
    >
      <InvitationSignUpForm invitation={loaderData.invitation} lastResult={actionData?.result} submitLabel="Complete Sign Up" />
      <SignInInstead />
    </AuthCard>
  );
}
