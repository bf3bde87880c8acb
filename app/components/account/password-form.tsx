import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { ChangePasswordSchema } from "#app/domain/user/account-schemas.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/domain/user/auth-schemas.ts";
import { resultFor, type AccountAnswer } from "./account-answer.ts";

/**
 * Change password: the current one, then a new one (not the same) twice; the fields are emptied once it is
 * changed. An account without a password is told why there is none.
 */
export function PasswordForm({ hasPassword, answer }: { hasPassword: boolean; answer: AccountAnswer }) {
  const [form, fields] = useForm({
    id: "account-password",
    lastResult: resultFor(answer, "change-password"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // A change that went through (a redirect, no answer for this form) empties the fields: nothing typed stays
  // on the page. A refused one keeps them to correct.
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "change-password";
  const sent = useRef(false);
  useEffect(() => {
    if (sending) {
      sent.current = true;
      return;
    }
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    if (resultFor(answer, "change-password") === undefined) form.reset();
  }, [sending, navigation.state, answer, form]);
  if (!hasPassword) {
    return (
      <p className="text-sm text-gray-700">
        <strong className="font-semibold text-gray-900">You sign in with Google.</strong> Your account has no password
        here; Google keeps your sign-in safe.
      </p>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="change-password" />
      <FormError errors={form.errors} />
      <TextField
        label="Current password"
        field={fields.currentPassword as never}
        type="password"
        autoComplete="current-password"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="New password"
          field={fields.newPassword as never}
          type="password"
          autoComplete="new-password"
          hint={
            <p className="text-xs text-gray-600">
              {PASSWORD_MIN} to {PASSWORD_MAX} characters, not a common one.
            </p>
          }
        />
        <TextField
          label="Confirm new password"
          field={fields.confirmPassword as never}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <p className="text-sm text-gray-600">
        Changing it signs you out on every other device; this one stays signed in.
      </p>
      <IntentSubmitButton label="Change password" busyLabel="Changing..." intent="change-password" />
    </Form>
  );
}
