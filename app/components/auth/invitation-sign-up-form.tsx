import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldError } from "#app/components/forms/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SignUpFieldSet, usePasswordMatch, useSignUpValidation, withErrorToast } from "./sign-up-fields.tsx";
import { TermsAcceptance } from "./terms-acceptance.tsx";

export type InvitationForForm = {
  token: string;
  email: string;
  role: "buyer" | "seller";
  fullName: string | null;
};

/**
 * Sign-up through an invitation (/signup?invitation=… and /complete-signup):
 * the e-mail and the account type come from the invitation and are locked
 * (the server ignores a posted role and compares the e-mail). Works before
 * JavaScript loads: a plain POST to the page's own action.
 */
export function InvitationSignUpForm({
  invitation,
  lastResult,
  submitLabel,
}: {
  invitation: InvitationForForm;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { onInput, mismatch } = usePasswordMatch();
  const validation = useSignUpValidation();
  const [form, fields] = useForm({
    id: "invitation-signup-form",
    lastResult,
    defaultValue: { role: invitation.role, fullName: invitation.fullName ?? "" },
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const roleLabel = invitation.role === "seller" ? "Seller" : "Buyer";

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      {...validation.triggers}
      onSubmit={withErrorToast(form.onSubmit, validation)}
      className="space-y-4"
      onInput={onInput}
    >
      <input type="hidden" name="invitation" value={invitation.token} />
      <input type="hidden" name="role" value={invitation.role} />
      <SignUpFieldSet
        fields={fields}
        formErrors={form.errors}
        allErrors={form.allErrors}
        role={invitation.role}
        confirmHintId="invite-confirm-hint"
        mismatch={mismatch}
        email={
          <>
            {/* Locked: always the invited address, whatever a previous post carried. */}
            <div className="space-y-1.5">
              <Label htmlFor={fields.email.id}>Email *</Label>
              <Input
                id={fields.email.id}
                name={fields.email.name}
                type="email"
                value={invitation.email}
                readOnly
                aria-readonly
                autoComplete="email"
                className="bg-gray-100!"
                aria-invalid={fields.email.errors ? true : undefined}
                aria-describedby={
                  fields.email.errors ? `${fields.email.errorId} invite-email-hint` : "invite-email-hint"
                }
              />
              <p id="invite-email-hint" className="text-xs text-gray-500">
                This is the address your invitation was sent to.
              </p>
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
          </>
        }
        accountType={
          <div className="space-y-1.5">
            <Label htmlFor="invite-account-type">Account Type *</Label>
            <Input
              id="invite-account-type"
              value={roleLabel}
              readOnly
              aria-readonly
              className="bg-gray-100!"
              aria-describedby="invite-account-type-hint"
            />
            <p id="invite-account-type-hint" className="text-xs text-gray-500">
              Set by your invitation.
            </p>
          </div>
        }
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : submitLabel}
      </Button>
      <TermsAcceptance />
    </Form>
  );
}
