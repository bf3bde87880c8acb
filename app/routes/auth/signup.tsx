import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { InvitationSignUpForm, type InvitationForForm } from "#app/components/auth/invitation-sign-up-form.tsx";
import { ConfirmationPanel, type ConfirmationState } from "#app/components/auth/resend-confirmation.tsx";
import {
  ConfirmPasswordField,
  RequiredFieldsNotice,
  SellerDetailsFields,
  SignUpTextField,
  withErrorToast,
} from "#app/components/auth/sign-up-fields.tsx";
import { CommissionField, FieldError, FormError, TextField } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { getUsableInvitation } from "#app/domain/invitation/get-invitation.server.ts";
import { INVITATION_MESSAGES, INVITE_REDIRECT_DELAY_MS } from "#app/domain/invitation/invitation-schema.ts";
import { CONFIRMATION_MESSAGES, SIGN_UP_SECRET_FIELDS, SignUpSchema, signUpInvalid } from "#app/domain/user/auth-schemas.ts";
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
    const { status, toast, confirmation } = await answerResendConfirmation({ runtime, formData, ip: clientIp(context) });
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
        extra: { created: true, confirmation: { email, retryAfterSeconds: await getConfirmationCooldown({ runtime, email }) } },
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
    const toast: FormToast = { type: "error", title: INVITATION_MESSAGES.invalidTitle, description: INVITATION_MESSAGES.invalid };
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
        <p className="mt-6 text-center text-sm text-gray-600">
          Already have an account?{" "}
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return <SignUpForm key={roleParam(params.get("role")) ?? ""} actionData={actionData} />;
}

/** /signup?role=buyer|seller preselects the account type (links from the home page and elsewhere). */
function roleParam(value: string | null): "buyer" | "seller" | undefined {
  const role = value?.trim().toLowerCase();
  return role === "buyer" || role === "seller" ? role : undefined;
}

function SignUpForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signup");
  const [role, setRole] = useState(roleParam(params.get("role")) ?? "buyer");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");

  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    defaultValue: { role },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const confirmation = actionData && "confirmation" in actionData ? actionData.confirmation : undefined;
  return (
    <AuthCard title="Create Account" description="Join South Africa's marketplace for heavy machinery.">
      {actionData?.created && confirmation ? (
        <ConfirmationPanel
          state={confirmation}
          tone="success"
          title="Account Created Successfully!"
          message={`${CONFIRMATION_MESSAGES.sentTo(confirmation.email)} Please check your email to verify your account before signing in.`}
        />
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={withErrorToast(form.onSubmit)}
        className="space-y-4"
        onInput={(e: React.FormEvent<HTMLFormElement>) => {
          const f = e.currentTarget;
          setPassword((f.elements.namedItem("password") as HTMLInputElement | null)?.value ?? "");
          setConfirm((f.elements.namedItem("confirmPassword") as HTMLInputElement | null)?.value ?? "");
        }}
      >
        <RequiredFieldsNotice errors={form.allErrors} />
        <FormError errors={form.errors} />
        <SignUpTextField label="Email *" field={fields.email} type="email" autoComplete="email" />
        <SignUpTextField label="Password *" field={fields.password} type="password" autoComplete="new-password" />
        <ConfirmPasswordField
          field={fields.confirmPassword}
          hintId="confirm-hint"
          mismatch={Boolean(confirm && password && confirm !== password)}
        />
        <div className="space-y-1.5">
          <Label htmlFor={fields.role.id}>Account Type *</Label>
          <NativeSelect
            {...getSelectProps(fields.role)}
            key={fields.role.key}
            onChange={(e) => setRole(e.currentTarget.value === "seller" ? "seller" : "buyer")}
          >
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </NativeSelect>
          <FieldError id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <SignUpTextField label="Full Name *" field={fields.fullName} autoComplete="name" />
        <SignUpTextField
          label="Phone Number *"
          field={fields.phone}
          type="tel"
          autoComplete="tel"
          placeholder="e.g. 082 123 4567"
        />
        {role === "buyer" ? (
          <>
            <TextField label="Company Name (optional)" field={fields.companyName as never} autoComplete="organization" />
            <CommissionField field={fields.commissionAccepted as never} />
          </>
        ) : (
          <SellerDetailsFields sellerType={fields.sellerType} sellerRole={fields.sellerRole} />
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Create Account"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{" "}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

/** Invalid, used or expired invitation (docs/product.md#messages), with the way to a normal sign-up. */
function InvalidInvitation({ loadFailed = false }: { loadFailed?: boolean }) {
  return (
    <AuthCard title={loadFailed ? "Error" : INVITATION_MESSAGES.invalidTitle}>
      <Alert variant="destructive">
        <AlertDescription>{loadFailed ? INVITATION_MESSAGES.loadFailed : INVITATION_MESSAGES.invalid}</AlertDescription>
      </Alert>
      <p className="mt-4 text-sm text-gray-600">
        Ask the person who invited you for a new invitation, or create an account yourself.
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <Button asChild className="w-full">
          <Link to="/signup">Create Account</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to="/signin">Sign In</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/**
 * The invite-link verification screen (docs/product.md#roles-and-accounts): the server has checked the
 * token before the page renders; on success it moves on to /complete-signup
 * after 2 s — a client timer, or a meta refresh without JavaScript. While the
 * check re-runs (Try Again) it reads "Verifying invitation…".
 */
function VerifyInvitation({ state, next }: { state: "verified" | "failed" | "error"; next: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const verifying =
    navigation.state === "loading" &&
    navigation.location.pathname === "/signup" &&
    new URLSearchParams(navigation.location.search).get("type") === "invite";

  useEffect(() => {
    if (state !== "verified") return;
    const timer = window.setTimeout(() => navigate(next, { replace: true }), INVITE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, next, navigate]);

  if (verifying) {
    return (
      <AuthCard title={INVITATION_MESSAGES.verifying}>
        <div className="flex justify-center py-4">
          <Spinner label={INVITATION_MESSAGES.verifying} />
        </div>
      </AuthCard>
    );
  }
  if (state === "verified") {
    return (
      <AuthCard title={INVITATION_MESSAGES.verified} description="Taking you to complete your sign-up…">
        {/* Without JavaScript the browser follows this; with it, the timer above does (no double load). */}
        <noscript>
          <meta httpEquiv="refresh" content={`${INVITE_REDIRECT_DELAY_MS / 1000};url=${next}`} />
        </noscript>
        <Button asChild className="w-full">
          <Link to={next} replace>
            Continue
          </Link>
        </Button>
      </AuthCard>
    );
  }
  const unexpected = state === "error";
  return (
    <AuthCard title={unexpected ? "Verification Error" : INVITATION_MESSAGES.verifyFailedTitle}>
      <Alert variant="destructive">
        <AlertDescription>
          {unexpected ? "An unexpected error occurred during verification. Please try again." : INVITATION_MESSAGES.verifyFailed}
        </AlertDescription>
      </Alert>
      <div className="mt-4 flex flex-col gap-2">
        {unexpected ? (
          <Button asChild className="w-full">
            <Link to={location.pathname + location.search}>Try Again</Link>
          </Button>
        ) : null}
        <Button asChild variant={unexpected ? "outline" : "default"} className="w-full">
          <Link to="/signup">Create Account</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to="/signin">Sign In</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
