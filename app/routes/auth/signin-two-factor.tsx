/**
 * /signin/two-factor: the second step of signing in for an account with two-factor sign-in on —
 * after the right password (or Google), the 6-digit code from the authenticator app, or a backup
 * code ("Use a backup code instead"; any case, the dash optional). A code from the app signs in
 * once. The pending sign-in lives 10 minutes in a cookie; wrong codes are limited
 * (app/domain/user/two-factor.server.ts). The sign-in's redirectTo survives: a page opens in the
 * app, a file or other resource by the browser's own navigation (redirectAfterSignIn).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signin-two-factor";
import { TrustDeviceField, TwoFactorCodeField } from "#app/components/account/two-factor-fields.tsx";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { FormError } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { getSignInChallenge, SignInExpiredError, verifySignInCode } from "#app/domain/user/two-factor.server.ts";
import { SignInBackupCodeSchema, SignInCodeSchema } from "#app/domain/user/two-factor-schemas.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { TRUST_DEVICE_DAYS } from "#app/lib/auth.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectAfterSignIn } from "#app/lib/redirect-after-sign-in.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { appendToast, redirectWithToast } from "#app/lib/toast.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./signin-two-factor.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Two-factor sign-in") },
  { name: "robots", content: "noindex" },
];

/** The cookie of a pending sign-in (better-auth's, `__Secure-` in production). */
const PENDING_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/;

function backToSignIn(request: Request, redirectTo: string, message: string, headers?: Headers) {
  const to = redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin";
  // Only say why when there was a pending sign-in to lose (not for someone who typed the address).
  if (!PENDING_COOKIE.test(request.headers.get("cookie") ?? "")) return redirect(to, { headers });
  return redirectWithToast(to, { type: "info", title: "Sign In Again", description: message }, { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  // Public: a pending sign-in (its cookie) or nothing; a signed-in user goes home.
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const viewer = await getViewer(request);
  if (viewer) throw redirect(homePathFor(viewer));
  const runtime = await getRuntime();
  if (!(await getSignInChallenge({ runtime, request }))) {
    throw await backToSignIn(request, redirectTo, "Your sign-in has expired. Please sign in again.");
  }
  return { backup: url.searchParams.get("backup") === "1", redirectTo, trustDays: TRUST_DEVICE_DAYS };
}

/** After signing in with a backup code. */
function backupCodeUsedToast(left: number) {
  return {
    type: left <= 2 ? ("error" as const) : ("info" as const),
    title: "Signed in with a backup code",
    description:
      left === 0
        ? "That was your last backup code. Make new ones now on Account → Two-factor authentication."
        : `That code is used up: ${left === 1 ? "1 backup code is" : `${left} backup codes are`} left. New ones can be made on Account → Two-factor authentication.`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Public (the second step of signing in); same-origin posts only.
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = (formData.get("intent") === "backup" ? "backup" : "totp") satisfies Intent;
  const signedIn = await getViewer(request);
  if (signedIn) throw redirect(homePathFor(signedIn));

  const submission = parseWithZod(formData, {
    schema: intent === "backup" ? SignInBackupCodeSchema : SignInCodeSchema,
  });
  const extra = { intent };
  const hideFields = ["code"];
  if (submission.status !== "success") return invalidReply(submission, { title: "Code Required", hideFields, extra });
  const redirectTo = safeRedirect(submission.value.redirectTo, "");
  return runForm(
    submission,
    async () => {
      try {
        const { userId, headers, backupCodesLeft } = await verifySignInCode({
          runtime,
          request,
          code: submission.value.code,
          kind: intent,
          trustDevice: submission.value.trustDevice,
          ip: clientIp(context),
        });
        // Route by role with the session just made, as the password sign-in does.
        const cookie = headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const viewer = await getViewer(new Request(request.url, { headers: { cookie } }));
        const home = viewer && viewer.userId === userId ? homePathFor(viewer) : "/";
        const to = viewer?.role || viewer?.isAdmin || viewer?.adminNeedsTwoFactor ? redirectTo || home : home;
        // A backup code works once: say how many are left, and where to make new ones.
        if (backupCodesLeft !== null) await appendToast(headers, backupCodeUsedToast(backupCodesLeft));
        // A page opens inside the app; a file or another resource needs the browser's own navigation.
        return redirectAfterSignIn(to, { headers });
      } catch (error) {
        if (error instanceof SignInExpiredError)
          throw await backToSignIn(request, redirectTo, error.message, error.headers);
        throw error;
      }
    },
    { hideFields, extra },
  );
}

export default function SignInTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { backup, redirectTo, trustDays } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin/two-factor");
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: backup ? "backup-code-form" : "code-form",
    lastResult: actionData?.intent === (backup ? "backup" : "totp") ? actionData.result : undefined,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: backup ? SignInBackupCodeSchema : SignInCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const params = new URLSearchParams(redirectTo ? { redirectTo } : {});
  if (!backup) params.set("backup", "1");
  const other = `/signin/two-factor${params.size ? `?${params}` : ""}`;

  return (
    <AuthCard
      title="Two-factor sign-in"
      description={
        backup
          ? "Enter one of the backup codes you saved when you turned on two-factor sign-in. Each code works once."
          : "Open your authenticator app and enter the 6-digit code it shows for this site."
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={backup ? "backup" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError errors={form.errors} />
        <TwoFactorCodeField
          field={fields.code as never}
          kind={backup ? "backup" : "totp"}
          label={backup ? "Backup code" : "Authentication code"}
          autoFocus
        />
        <TrustDeviceField days={trustDays} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <div className="mt-6 space-y-2 text-center text-sm">
        <p>
          <Link to={other} className="font-medium text-brand-700 hover:underline">
            {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
          </Link>
        </p>
        <p>
          <Link to="/signin" className="text-gray-500 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
