import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-auth-fix";
import { FieldError } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { ForgotPasswordSchema, TITLES } from "#app/domain/user/auth-schemas.ts";
import { RESET_FAILED_TITLE, RESET_SENT_TITLE } from "#app/domain/user/password-reset-tool.ts";
import { sendPasswordResetAsAdmin } from "#app/domain/user/send-password-reset.server.ts";
import { doneReply, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Auth Fix | Admin Panel" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { env } = await getRuntime();
  return { smtp: Boolean(env.SMTP_URL), mailFrom: env.MAIL_FROM };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema });
  const extra = { sentTo: null as string | null };
  if (submission.status !== "success") return invalidReply(submission, { titles: TITLES, title: "Email Required", extra });
  return runForm(
    submission,
    async () => {
      const { email } = await sendPasswordResetAsAdmin({ runtime, admin, email: submission.value.email });
      return doneReply(submission, {
        extra: { sentTo: email as string | null },
        toast: { type: "success", title: RESET_SENT_TITLE, description: `A password reset e-mail was sent to ${email}.` },
      });
    },
    { extra },
  );
}

export default function AdminAuthFix({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "auth-fix-form",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link to="/admin" className="text-brand-700 hover:underline">
          ← Back to Admin Panel
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Sign-in Troubleshooting</h1>
      <p className="mt-1 text-gray-600">Help a user who cannot sign in: send them a password reset e-mail.</p>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Send a password reset</h2>
            </CardTitle>
            <CardDescription>The user gets the same e-mail as from “Forgot your password?”.</CardDescription>
          </CardHeader>
          <CardContent>
            {actionData?.sentTo ? (
              <Alert variant="success" role="status" className="mb-4">
                <AlertTitle>{RESET_SENT_TITLE}</AlertTitle>
                <AlertDescription>A password reset e-mail was sent to {actionData.sentTo}.</AlertDescription>
              </Alert>
            ) : null}
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              {form.errors?.length ? (
                <Alert variant="destructive">
                  <AlertTitle>{actionData?.toast?.title ?? RESET_FAILED_TITLE}</AlertTitle>
                  <AlertDescription>{form.errors[0]}</AlertDescription>
                </Alert>
              ) : null}
              <div className="space-y-1.5">
                <Label htmlFor={fields.email.id}>User's email address</Label>
                <Input
                  {...getInputProps(fields.email, { type: "email", ariaAttributes: true })}
                  key={fields.email.key}
                  autoComplete="off"
                  placeholder="name@example.co.za"
                />
                <FieldError id={fields.email.errorId} errors={fields.email.errors} />
              </div>
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send Password Reset"}
              </Button>
            </Form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Troubleshooting steps</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-3 pl-5 text-sm text-gray-700">
              <li>
                Ask the user to check their spam or junk folder; the e-mail comes from{" "}
                <span className="font-medium">{loaderData.mailFrom}</span>.
              </li>
              <li>
                The reset link expires after one hour and works once. If it has expired or was already used, send a new
                one.
              </li>
              <li>
                The address must match the account exactly. Look the user up in the{" "}
                <Link to="/admin/users" className="text-brand-700 underline">
                  Users
                </Link>{" "}
                tab if unsure.
              </li>
              <li>
                {loaderData.smtp ? (
                  "E-mail goes out through the configured SMTP server; if nothing arrives, check the server's log for delivery errors."
                ) : (
                  <>
                    No SMTP server is configured, so e-mails are not sent out: open the{" "}
                    <Link to="/admin/mailbox" className="text-brand-700 underline">
                      dev mailbox
                    </Link>{" "}
                    and pass the reset link to the user.
                  </>
                )}
              </li>
              <li>
                If the user signed up with Google, ask them to sign in with Continue with Google instead. (A reset link
                also lets them add a password to that account.)
              </li>
              <li>
                “Email Not Verified” means the sign-up confirmation link was never opened: signing in again sends a new
                confirmation e-mail.
              </li>
              <li>A password reset signs the user out on every other device.</li>
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
