/**
 * /account/two-factor: two-factor sign-in for one's own account — turn it on (the password, then the
 * QR code or the key for the authenticator app, then a code to confirm), new backup codes (the
 * password; shown once, with "Download codes" and "Copy codes"), turn it off (the password and a
 * code; refused for an admin where the site requires it). A code from the app is accepted once. `?required=1` is where requireAdmin sends an admin without it; `redirectTo` is where
 * they were going.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/two-factor";
import { TwoFactorBackupCodes } from "#app/components/account/two-factor-backup-codes.tsx";
import { TwoFactorKey } from "#app/components/account/two-factor-key.tsx";
import { TwoFactorCodeField } from "#app/components/account/two-factor-fields.tsx";
import { TwoFactorQr } from "#app/components/account/two-factor-qr.tsx";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  createNewBackupCodes,
  getTwoFactorState,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "#app/domain/user/two-factor.server.ts";
import {
  ConfirmCodeSchema,
  DisableSchema,
  PasswordSchema,
  TWO_FACTOR_MESSAGES,
} from "#app/domain/user/two-factor-schemas.ts";
import { PRODUCT_NAME, pageTitle } from "#app/lib/brand.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { doneReply, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./two-factor.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Two-factor authentication") },
  { name: "robots", content: "noindex" },
];

const PAGE = "/account/two-factor";

/** This page again, keeping why the user is here and where they were going. */
function pageUrl(url: URL) {
  const params = new URLSearchParams();
  if (url.searchParams.get("required") === "1") params.set("required", "1");
  const back = safeRedirect(url.searchParams.get("redirectTo"), "");
  if (back) params.set("redirectTo", back);
  return params.size ? `${PAGE}?${params}` : PAGE;
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const url = new URL(request.url);
  const state = await getTwoFactorState({ runtime, viewer });
  return {
    ...state,
    // Sent here by an admin page, or holding admin access where the site requires it.
    required: url.searchParams.get("required") === "1" || state.requiredForAdmin,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    email: viewer.email,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const url = new URL(request.url);
  const here = pageUrl(url);
  const hideFields = ["password", "code"];
  const none = { backupCodes: undefined as string[] | undefined, next: undefined as string | undefined };

  if (intent === "start" || intent === "backup-codes") {
    const submission = parseWithZod(formData, { schema: PasswordSchema });
    const extra = { intent, ...none };
    if (submission.status !== "success")
      return invalidReply(submission, { title: "Password Required", hideFields, extra });
    return runForm(
      submission,
      async () => {
        const { password } = submission.value;
        if (intent === "start") {
          await startTwoFactorSetup({ runtime, viewer, password, request });
          return redirectWithToast(here, {
            type: "info",
            title: "Scan the QR code",
            description: "Add this site to your authenticator app, then enter the code it shows to finish.",
          });
        }
        const { backupCodes } = await createNewBackupCodes({ runtime, viewer, password, request });
        return doneReply(submission, {
          extra: { ...extra, backupCodes },
          toast: { type: "success", title: "New backup codes", description: "Your old backup codes no longer work." },
        });
      },
      { hideFields, extra },
    );
  }

  if (intent === "cancel") {
    await cancelTwoFactorSetup({ runtime, viewer });
    return redirectWithToast(here, {
      type: "info",
      title: "Setup cancelled",
      description: "Two-factor sign-in stays off.",
    });
  }

  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: ConfirmCodeSchema });
    const extra = { intent, ...none };
    if (submission.status !== "success") return invalidReply(submission, { title: "Code Required", hideFields, extra });
    return runForm(
      submission,
      async () => {
        const { backupCodes } = await confirmTwoFactorSetup({
          runtime,
          viewer,
          code: submission.value.code,
          ip: clientIp(context),
        });
        const next = safeRedirect(url.searchParams.get("redirectTo"), "") || undefined;
        return doneReply(submission, {
          extra: { ...extra, backupCodes, next },
          toast: {
            type: "success",
            title: "Two-factor sign-in is on",
            description: "From now on, signing in asks for a code from your authenticator app.",
          },
        });
      },
      { hideFields, extra },
    );
  }

  if (intent === "disable") {
    const submission = parseWithZod(formData, { schema: DisableSchema });
    const extra = { intent, ...none };
    if (submission.status !== "success")
      return invalidReply(submission, { title: "Two-Factor Not Turned Off", hideFields, extra });
    return runForm(
      submission,
      async () => {
        const { headers } = await turnOffTwoFactor({
          runtime,
          viewer,
          ...submission.value,
          request,
          ip: clientIp(context),
        });
        return redirectWithToast(
          PAGE,
          {
            type: "success",
            title: "Two-factor sign-in is off",
            description: "Signing in now takes only your password.",
          },
          { headers },
        );
      },
      { hideFields, extra },
    );
  }

  throw new Response("Unknown action", { status: 400 });
}

function PasswordForm({
  intent,
  actionData,
  label,
  busyLabel,
}: {
  intent: "start" | "backup-codes";
  actionData: Route.ComponentProps["actionData"];
  label: string;
  busyLabel: string;
}) {
  const [form, fields] = useForm({
    id: `${intent}-form`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormError errors={form.errors?.filter((e) => e !== fields.password.errors?.[0])} />
      <TextField
        label="Your password"
        field={fields.password as never}
        type="password"
        autoComplete="current-password"
      />
      <IntentSubmitButton intent={intent} label={label} busyLabel={busyLabel} />
    </Form>
  );
}

function ConfirmForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm({
    id: "confirm-form",
    lastResult: actionData?.intent === "confirm" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="confirm" />
      <FormError errors={form.errors?.filter((e) => e !== fields.code.errors?.[0])} />
      <TwoFactorCodeField field={fields.code as never} kind="totp" label="Code from the app" />
      <IntentSubmitButton intent="confirm" label="Turn On" busyLabel="Checking..." />
    </Form>
  );
}

function DisableForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm({
    id: "disable-form",
    lastResult: actionData?.intent === "disable" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DisableSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const fieldErrors = [fields.password.errors?.[0], fields.code.errors?.[0]];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="disable" />
      <FormError errors={form.errors?.filter((e) => !fieldErrors.includes(e))} />
      <TextField
        label="Your password"
        field={fields.password as never}
        type="password"
        autoComplete="current-password"
      />
      <TwoFactorCodeField field={fields.code as never} kind="either" label="Code from the app, or a backup code" />
      <Button type="submit" variant="destructive">
        Turn Off Two-Factor
      </Button>
    </Form>
  );
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const { enabled, setup, hasPassword, backupCodesLeft, required, requiredForAdmin, redirectTo } = loaderData;
  const justTurnedOn = actionData?.intent === "confirm" && actionData.backupCodes;
  const newCodes = actionData?.intent === "backup-codes" ? actionData.backupCodes : undefined;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <p className="text-sm">
        <Link to="/account" className="text-brand-700 hover:underline">
          ← Back to your account
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Two-factor authentication</h1>
      <p className="mt-1 text-gray-600">
        With two-factor sign-in on, signing in takes your password and a 6-digit code from an authenticator app on your
        phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
      </p>

      {required && !enabled ? (
        <Alert variant="info" className="mt-6" data-testid="two-factor-required">
          <AlertTitle>Required for admins</AlertTitle>
          <AlertDescription>
            Admin pages on this site need two-factor sign-in. Turn it on below to continue to the admin panel.
          </AlertDescription>
        </Alert>
      ) : null}

      {justTurnedOn ? (
        <div className="mt-6 space-y-4">
          <TwoFactorBackupCodes
            codes={actionData.backupCodes!}
            title="Two-factor sign-in is on"
            account={loaderData.email}
          />
          <Button asChild>
            <Link to={actionData.next ?? PAGE}>{actionData.next ? "Continue" : "Done"}</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="flex flex-wrap items-center gap-2">
                <h2>Status</h2>
                {enabled ? (
                  <Badge variant="success" data-testid="two-factor-status">
                    On
                  </Badge>
                ) : (
                  <Badge variant="secondary" data-testid="two-factor-status">
                    Off
                  </Badge>
                )}
              </CardTitle>
              <CardDescription>
                {enabled
                  ? "Signing in asks for a code from your authenticator app (or a backup code)."
                  : setup
                    ? "Setup started: finish it below."
                    : "Signing in takes only your password."}
              </CardDescription>
            </CardHeader>
            {!enabled && !setup ? (
              <CardContent>
                {hasPassword ? (
                  <>
                    <p className="mb-4 text-sm text-gray-700">Enter your password to start. Have your phone ready.</p>
                    <PasswordForm intent="start" actionData={actionData} label="Continue" busyLabel="Checking..." />
                  </>
                ) : (
                  <p role="note" className="text-sm text-gray-700">
                    {TWO_FACTOR_MESSAGES.noPassword}
                  </p>
                )}
              </CardContent>
            ) : null}
          </Card>

          {setup ? (
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>Add {PRODUCT_NAME} to your authenticator app</h2>
                </CardTitle>
                <CardDescription>
                  <ol className="list-decimal space-y-1 pl-5">
                    <li>In the app (Google Authenticator, Microsoft Authenticator or similar), add an account.</li>
                    <li>Scan this QR code, or type in the key shown with it.</li>
                    <li>Enter the 6-digit code the app then shows, below.</li>
                  </ol>
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-5">
                <div className="flex flex-col items-start gap-4 sm:flex-row">
                  <TwoFactorQr qr={setup.qr} label={`QR code for ${PRODUCT_NAME} in an authenticator app`} />
                  <div className="min-w-0 text-sm text-gray-700">
                    <p>Cannot scan it? Add the account by hand with this key (time-based, 6 digits):</p>
                    <TwoFactorKey secret={setup.secret} />
                    <p className="mt-2 text-gray-600">Account: {loaderData.email}</p>
                  </div>
                </div>
                <ConfirmForm actionData={actionData} />
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <Button type="submit" variant="link" className="h-auto px-0">
                    Cancel setup
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : null}

          {enabled ? (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>Backup codes</h2>
                  </CardTitle>
                  <CardDescription>
                    {backupCodesLeft === 1 ? "1 backup code left." : `${backupCodesLeft ?? 0} backup codes left.`} Each
                    signs you in once if you cannot use your authenticator app. New codes replace all the old ones.
                  </CardDescription>
                </CardHeader>
                <CardContent className="space-y-4">
                  {newCodes ? (
                    <TwoFactorBackupCodes codes={newCodes} title="Your new backup codes" account={loaderData.email} />
                  ) : null}
                  <PasswordForm
                    intent="backup-codes"
                    actionData={actionData}
                    label="Get New Backup Codes"
                    busyLabel="Making codes..."
                  />
                </CardContent>
              </Card>

              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>Turn off two-factor sign-in</h2>
                  </CardTitle>
                  <CardDescription>
                    {requiredForAdmin
                      ? TWO_FACTOR_MESSAGES.requiredForAdmins
                      : "Signing in will take only your password again. Enter your password and a code to confirm."}
                  </CardDescription>
                </CardHeader>
                {requiredForAdmin ? null : (
                  <CardContent>
                    <DisableForm actionData={actionData} />
                  </CardContent>
                )}
              </Card>
            </>
          ) : null}
          {redirectTo && enabled ? (
            <p className="text-sm">
              <Link to={redirectTo} className="font-medium text-brand-700 hover:underline">
                Continue to where you were going
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
