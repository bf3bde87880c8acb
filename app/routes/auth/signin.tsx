import { useEffect, useRef } from "react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert, CircleCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/signin";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { ConfirmationPanel, type ConfirmationState } from "#app/components/auth/resend-confirmation.tsx";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { useDeferredValidation } from "#app/components/forms/use-deferred-validation.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Separator } from "#app/components/ui/separator.tsx";
import { CONFIRMATION_MESSAGES } from "#app/domain/user/auth-messages.ts";
import { ForgotPasswordSchema, SignInSchema, TITLES } from "#app/domain/user/auth-schemas.ts";
import { emailChangeLanding } from "#app/domain/user/change-email.server.ts";
import { getConfirmationCooldown } from "#app/domain/user/confirmation-cooldown.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import {
  EmailNotVerifiedError,
  requestPasswordReset,
  signInWithPassword,
  startGoogleSignIn,
  TwoFactorRequiredError,
} from "#app/domain/user/sign-in.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { TWO_FACTOR_PAGE } from "#app/lib/auth.server.ts";
import { doneReply, errorReply, firstMessage, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectAfterSignIn, SIGNED_IN_DOWNLOAD_PARAM } from "#app/lib/redirect-after-sign-in.server.ts";
import { destinationKind, safeRedirect } from "#app/lib/safe-redirect.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { answerResendConfirmation } from "./resend-confirmation.server.ts";
import type { Intent } from "./signin.intents.ts";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.download ? "Signed In" : "Sign In") },
  { name: "description", content: "Sign in to buy and sell heavy machinery in South Africa." },
];

/** What the page says about the link that brought the user here (an e-mail change's confirmation link). */
const EMAIL_CHANGE_NOTICES = {
  changed: {
    title: "E-mail address changed",
    text: "Your e-mail address is now the new address this link was sent to. Sign in with it.",
  },
  expired: {
    title: "Link expired",
    text: "This link to confirm a new e-mail address has expired (links work for 24 hours), so your e-mail address has not changed. Sign in with your current address and ask for a new link on your account page.",
  },
  invalid: {
    title: "Link invalid or already used",
    text: "This link to confirm a new e-mail address is invalid or was already used. If you confirmed the new address before, sign in with it. Otherwise your address has not changed: sign in with your current address and ask for a new link on your account page.",
  },
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  // Public; a signed-in user goes to their home, or (just signed in on the way to a file) gets the file.
  const url = new URL(request.url);
  const viewer = await getViewer(request);
  const wanted = safeRedirect(url.searchParams.get(SIGNED_IN_DOWNLOAD_PARAM), "");
  const file = wanted && destinationKind(wanted) === "download" ? wanted : null;
  if (viewer) {
    if (file) return { download: { file, home: homePathFor(viewer) }, googleEnabled: false, emailChange: null };
    throw redirect(homePathFor(viewer));
  }
  if (file) throw redirect(`/signin?redirectTo=${encodeURIComponent(file)}`);
  const { env } = await getRuntime();
  return {
    download: null,
    googleEnabled: env.googleEnabled,
    // A confirmation link of an e-mail change opened while signed out lands here through /account's guard.
    emailChange: emailChangeLanding(url.searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Public (signing in); same-origin posts only.
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = formData.get("intent") as Intent | null;

  if (intent === "google") {
    try {
      const { url, headers } = await startGoogleSignIn({ runtime, request });
      return redirect(url, { headers });
    } catch (error) {
      if (error instanceof AppError) {
        return data(
          {
            intent,
            result: undefined,
            toast: { type: "error", title: error.title, description: error.message } as ActionToast,
          },
          { status: error.status },
        );
      }
      throw error;
    }
  }

  if (intent === "resend-confirmation") {
    const { status, toast, confirmation } = await answerResendConfirmation({
      runtime,
      formData,
      ip: clientIp(context),
    });
    return data({ intent, result: undefined, toast, confirmation }, { status });
  }

  if (intent === "forgot") {
    const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
    const extra = { intent: "forgot" as const };
    if (submission.status !== "success") {
      return invalidReply(submission, {
        message: firstMessage(submission, "email"),
        titles: TITLES,
        title: "Email Required",
        extra,
      });
    }
    return runForm(
      submission,
      async () => {
        await requestPasswordReset({ runtime, email: submission.value.email, ip: clientIp(context) });
        return doneReply(submission, {
          extra,
          toast: {
            type: "success",
            title: "Reset Email Sent",
            description: "Check your email for password reset instructions.",
          },
        });
      },
      { extra },
    );
  }

  const submission = parseWithZod(formData, { schema: SignInSchema });
  const hideFields = ["password"];
  const extra = { intent: "signin" as const, confirmation: undefined as ConfirmationState | undefined };
  if (submission.status !== "success") {
    return invalidReply(submission, {
      message: "Please enter both email and password.",
      title: "Missing Information",
      hideFields,
      extra,
    });
  }
  return runForm(
    submission,
    async () => {
      try {
        const { headers, userId } = await signInWithPassword({
          runtime,
          ...submission.value,
          request,
          ip: clientIp(context),
        });
        // Route by role (docs/product.md#roles-and-accounts) using the session just created.
        const cookieHeader = headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const viewer = await getViewer(new Request(request.url, { headers: { cookie: cookieHeader } }));
        const home = viewer && viewer.userId === userId ? homePathFor(viewer) : "/";
        const to = viewer?.role || viewer?.isAdmin ? safeRedirect(submission.value.redirectTo, home) : home;
        // A file or another address that is not a page needs the browser's own navigation.
        return redirectAfterSignIn(to, { headers });
      } catch (error) {
        if (error instanceof TwoFactorRequiredError) {
          // Two-factor sign-in is on: the code comes next, then wherever the sign-in was going.
          const back = submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, "") : "";
          const next = back ? `${TWO_FACTOR_PAGE}?redirectTo=${encodeURIComponent(back)}` : TWO_FACTOR_PAGE;
          return redirect(next, { headers: error.headers });
        }
        if (!(error instanceof EmailNotVerifiedError)) throw error;
        // The right password, an address not confirmed yet: offer the confirmation e-mail again (sent only on request).
        const email = submission.value.email.toLowerCase();
        const confirmation = { email, retryAfterSeconds: await getConfirmationCooldown({ runtime, email }) };
        return errorReply(submission, error, { hideFields, extra: { ...extra, confirmation } });
      }
    },
    { hideFields, extra },
  );
}

/**
 * Signed in on the way to a file (app/lib/redirect-after-sign-in.server.ts): the browser saves it and
 * stays on this page, which says so. Without JavaScript the refresh starts the download.
 */
function SignedInDownload({ file, home }: { file: string; home: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.location.assign(file);
  }, [file]);
  return (
    <AuthCard title="You are signed in" description="Your download starts by itself.">
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${file}`} />
      </noscript>
      <p className="text-sm text-gray-700">
        If it does not start,{" "}
        <a href={file} className="font-medium text-brand-700 underline underline-offset-2">
          download the file
        </a>
        .
      </p>
      <Button asChild className="mt-6 w-full">
        <Link to={home}>Continue</Link>
      </Button>
    </AuthCard>
  );
}

function EmailChangeNotice({ landing }: { landing: keyof typeof EMAIL_CHANGE_NOTICES }) {
  const notice = EMAIL_CHANGE_NOTICES[landing];
  const changed = landing === "changed";
  return (
    <Alert variant={changed ? "success" : "destructive"} role={changed ? "status" : "alert"} className="mb-4">
      {changed ? <CircleCheck aria-hidden /> : <CircleAlert aria-hidden />}
      <AlertTitle>{notice.title}</AlertTitle>
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.download) return <SignedInDownload {...loaderData.download} />;
  return <SignInForms loaderData={loaderData} actionData={actionData} />;
}

/** The schemas the sign-in page checks with in the browser, loaded on the first focus (use-deferred-validation.ts). */
const loadAuthSchemas = () => import("#app/domain/user/auth-schemas.ts");

function SignInForms({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const [params] = useSearchParams();
  const forgot = params.get("forgot") === "1";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin");
  useActionToast(actionData?.toast);
  const googleError = params.get("error") === "google";

  const { loaded, triggers } = useDeferredValidation(loadAuthSchemas);
  const [form, fields] = useForm({
    id: forgot ? "forgot-form" : "signin-form",
    lastResult: actionData?.intent === (forgot ? "forgot" : "signin") ? actionData.result : undefined,
    onValidate: loaded
      ? ({ formData }) =>
          loaded.parseWithZod(formData, {
            schema: forgot ? loaded.schemas.ForgotPasswordSchema : loaded.schemas.SignInSchema,
          })
      : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const inlineToast = actionData?.toast;

  if (forgot) {
    return (
      <AuthCard title="Reset your password" description="Enter your e-mail and we'll send you a reset link.">
        <Form method="post" {...getFormProps(form)} {...triggers} className="space-y-4">
          <input type="hidden" name="intent" value="forgot" />
          {inlineToast?.type === "success" ? (
            <div role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">
              <strong>{inlineToast.title}</strong> — {inlineToast.description}
            </div>
          ) : null}
          <TextField label="Email" field={fields.email as never} type="email" autoComplete="email" />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Email"}
          </Button>
          <Button asChild variant="link" className="w-full px-4">
            <Link to="/signin">Back to Sign In</Link>
          </Button>
        </Form>
      </AuthCard>
    );
  }

  const confirmation = (actionData as { confirmation?: ConfirmationState } | undefined)?.confirmation;
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <AuthCard title="Sign In" description="Welcome back to the machinery marketplace.">
      {loaderData.emailChange && !confirmation ? <EmailChangeNotice landing={loaderData.emailChange} /> : null}
      {destinationKind(redirectTo) === "download" && safeRedirect(redirectTo, "") && !confirmation ? (
        <p role="status" className="mb-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-gray-800">
          Sign in to download this file. It downloads as soon as you are signed in.
        </p>
      ) : null}
      {/^\/listing\//.test(redirectTo) && !confirmation ? (
        <p role="status" className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-gray-800">
          Sign in to see this machine's full details, save it and ask about it. New here?{" "}
          <Link to="/signup?role=buyer" className="font-medium text-brand-700 underline underline-offset-2">
            Create a buyer account
          </Link>
          .
        </p>
      ) : null}
      {confirmation ? (
        <ConfirmationPanel
          state={confirmation}
          tone="warning"
          title="Email Not Verified"
          message={`${CONFIRMATION_MESSAGES.notConfirmed(confirmation.email)} Please check your email and click the verification link before signing in.`}
          messageRole="alert"
        />
      ) : null}
      {googleError ? (
        <FormError
          errors={["Google Sign In Failed: we could not complete the sign-in with Google. Please try again."]}
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} {...triggers} className="space-y-4">
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {confirmation ? null : <FormError errors={form.errors} />}
        <TextField label="Email" field={fields.email as never} type="email" autoComplete="email" />
        <TextField label="Password" field={fields.password as never} type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link to="/signin?forgot=1" className="text-sm text-brand-700 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && navigation.formData?.get("intent") === "signin" ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      {loaderData.googleEnabled ? (
        <>
          <div className="my-4 flex items-center gap-3">
            <Separator className="flex-1" />
            <span className="text-xs text-gray-500">or</span>
            <Separator className="flex-1" />
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="google" />
            <Button type="submit" variant="outline" className="w-full" disabled={busy}>
              Continue with Google
            </Button>
          </Form>
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-gray-600">
        Don't have an account?{" "}
        <Link to="/signup" className="font-medium text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/" className="text-gray-500 hover:underline">
          Back to home
        </Link>
      </p>
    </AuthCard>
  );
}
