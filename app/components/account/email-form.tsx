import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { Form } from "react-router";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import {
  ACCOUNT_MESSAGES,
  ChangeEmailSchema,
  ChangeEmailWithoutPasswordSchema,
} from "#app/domain/user/account-schemas.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { resultFor, type AccountAnswer } from "./account-answer.ts";

/** Change e-mail: the new address (and the current password for an account that has one). */
export function EmailForm({
  hasPassword,
  answer,
  pending,
}: {
  hasPassword: boolean;
  answer: AccountAnswer;
  /** A change whose link was sent and not yet followed (findPendingEmailChange). */
  pending?: { newEmail: string; requestedAt: string; expiresAt: string } | null;
}) {
  const [form, fields] = useForm({
    id: "account-email",
    lastResult: resultFor(answer, "change-email"),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: hasPassword ? ChangeEmailSchema : ChangeEmailWithoutPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const withPassword = fields as unknown as typeof fields & { currentPassword: typeof fields.newEmail };
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="change-email" />
      <FormError errors={form.errors} />
      {pending ? (
        <Alert role="status">
          <Clock aria-hidden />
          <AlertTitle>Waiting for confirmation</AlertTitle>
          <AlertDescription className="wrap-anywhere">
            {ACCOUNT_MESSAGES.emailPending(
              pending.newEmail,
              formatDateTime(pending.requestedAt),
              formatDateTime(pending.expiresAt),
            )}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="New e-mail address" field={fields.newEmail as never} type="email" autoComplete="email" />
        {hasPassword ? (
          <TextField
            label="Current password"
            field={withPassword.currentPassword as never}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
      </div>
      <p className="text-sm text-gray-600">
        We send a link to the new address. Your account keeps its address until you follow that link.
      </p>
      <IntentSubmitButton label="Send confirmation link" busyLabel="Sending..." intent="change-email" />
    </Form>
  );
}

/** Where the new address's link lands: the change took effect, or the link was refused. */
export function EmailLanding({ landing, email }: { landing: "changed" | "failed"; email: string }) {
  if (landing === "failed") {
    return (
      <Alert variant="destructive" className="mt-4">
        <CircleAlert aria-hidden />
        <AlertTitle>E-mail not changed</AlertTitle>
        <AlertDescription>{ACCOUNT_MESSAGES.emailLinkFailed}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="success" role="status" className="mt-4">
      <CircleCheck aria-hidden />
      <AlertTitle>E-mail address changed</AlertTitle>
      <AlertDescription className="wrap-anywhere">{ACCOUNT_MESSAGES.emailChanged(email)}</AlertDescription>
    </Alert>
  );
}
