import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/email-test";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { sendTestEmail, type TestEmailResponse } from "#app/domain/email/send-test-email.server.ts";
import {
  TEST_EMAIL_BUTTONS,
  TEST_EMAIL_FUNCTIONS,
  TEST_EMAIL_MESSAGES,
  TEST_EMAIL_TITLES,
  TestEmailSchema,
} from "#app/domain/email/test-email-schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Email Test") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const { env } = await getRuntime();
  return { defaultEmail: viewer.email, smtp: Boolean(env.SMTP_URL) };
}

type FailedResponse = { ok: false; function: string | null; to: string | null; error: string };
type ActionData = {
  toast: ActionToast;
  email: string;
  /** Set when the address itself was refused (the field is marked invalid). */
  emailError?: string;
  response: TestEmailResponse | FailedResponse;
};

const reply = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const intent = String(form.get("intent") ?? "");
  const parsed = TestEmailSchema.safeParse({ intent, email });
  if (!parsed.success) {
    // The address first: it is what the admin typed.
    const issue = parsed.error.issues.find((i) => i.path[0] === "email") ?? parsed.error.issues[0]!;
    const title = TEST_EMAIL_TITLES[issue.message] ?? TEST_EMAIL_MESSAGES.failed;
    return reply(
      {
        email,
        emailError: issue.path[0] === "email" ? issue.message : undefined,
        toast: { type: "error", title, description: issue.message },
        response: { ok: false, function: intent || null, to: email.trim() || null, error: `${title}: ${issue.message}` },
      },
      400,
    );
  }
  const { intent: fn, email: to } = parsed.data;
  try {
    const response = await sendTestEmail({ runtime, admin, fn, to });
    return reply({
      email: to,
      toast: { type: "success", title: TEST_EMAIL_MESSAGES.sent, description: `${fn} to ${to}` },
      response,
    });
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) logger.error({ err: error, fn }, "test e-mail failed");
    const reason = error instanceof Error ? error.message : String(error);
    return reply(
      {
        email: to,
        toast: { type: "error", title: TEST_EMAIL_MESSAGES.failed, description: reason },
        response: { ok: false, function: fn, to, error: reason },
      },
      known ? error.status : 500,
    );
  }
}

export default function EmailTest({ loaderData, actionData }: Route.ComponentProps) {
  const { defaultEmail, smtp } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const pending = submitting ? String(navigation.formData?.get("intent") ?? "") : "";
  useActionToast(actionData?.toast);
  const response = actionData?.response;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/admin" className="text-sm text-brand-700 hover:underline">
        ← Admin Panel
      </Link>
      <h1 className="mt-2 text-3xl font-bold">Email Test</h1>
      <p className="mt-1 text-gray-600">
        Send the agreement confirmation, agreement PDF or listing notification e-mail to any address, the way the
        marketplace sends them.
      </p>

      {smtp ? null : (
        <Alert variant="info" className="mt-4">
          <AlertTitle>No SMTP server configured</AlertTitle>
          <AlertDescription>
            E-mails are not sent out: they land in the{" "}
            <Link to="/admin/mailbox" className="font-medium underline">
              dev mailbox
            </Link>
            .
          </AlertDescription>
        </Alert>
      )}

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>Send a test e-mail</h2>
          </CardTitle>
          <CardDescription>The PDF test attaches a real mandate rendered from test terms.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* The server checks the address, so the messages are the same with or without JavaScript. */}
          <Form method="post" noValidate className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="test-email">Email</Label>
              <Input
                id="test-email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={actionData?.email ?? defaultEmail}
                aria-invalid={actionData?.emailError ? true : undefined}
                aria-describedby={actionData?.emailError ? "test-email-error" : undefined}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              {TEST_EMAIL_FUNCTIONS.map((fn) => (
                <Button key={fn} type="submit" name="intent" value={fn} disabled={submitting}>
                  {pending === fn ? "Sending..." : TEST_EMAIL_BUTTONS[fn]}
                </Button>
              ))}
            </div>
          </Form>
          {actionData ? (
            <Alert
              id={actionData.toast.type === "error" ? "test-email-error" : undefined}
              variant={actionData.toast.type === "error" ? "destructive" : "success"}
              role={actionData.toast.type === "error" ? "alert" : "status"}
              className="mt-4"
            >
              <AlertTitle>{actionData.toast.title}</AlertTitle>
              {actionData.toast.description ? <AlertDescription>{actionData.toast.description}</AlertDescription> : null}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <section className="mt-6" aria-labelledby="last-response">
        <h2 id="last-response" className="text-lg font-semibold">
          Last response
        </h2>
        {response ? (
          <>
            <pre data-testid="email-test-response" className="mt-2 overflow-x-auto rounded-lg border bg-gray-900 p-4 text-sm text-gray-100">
              {JSON.stringify(response, null, 2)}
            </pre>
            {response.ok && response.outboxId && response.transport === "mailbox" ? (
              <p className="mt-2 text-sm">
                <Link to={`/admin/mailbox/${response.outboxId}`} className="text-brand-700 underline">
                  Open this e-mail in the dev mailbox
                </Link>
              </p>
            ) : null}
          </>
        ) : (
          <p className="mt-2 text-sm text-gray-500">No test sent yet.</p>
        )}
      </section>
    </div>
  );
}
