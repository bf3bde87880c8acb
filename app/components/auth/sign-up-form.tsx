import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { FieldError } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { CONFIRMATION_MESSAGES } from "#app/domain/user/auth-messages.ts";
import { AuthCard, SignInInstead } from "./auth-card.tsx";
import { ConfirmationPanel, type ConfirmationState } from "./resend-confirmation.tsx";
import {
  SignUpFieldSet,
  SignUpTextField,
  usePasswordMatch,
  useSignUpValidation,
  withErrorToast,
} from "./sign-up-fields.tsx";
import { TermsAcceptance } from "./terms-acceptance.tsx";

/** /signup?role=buyer|seller preselects the account type (links from the home page and elsewhere). */
export function roleParam(value: string | null): "buyer" | "seller" | undefined {
  const role = value?.trim().toLowerCase();
  return role === "buyer" || role === "seller" ? role : undefined;
}

/** The answer of the sign-up action the form shows (field errors, the account created, the confirmation e-mail). */
export type SignUpAnswer =
  { result?: SubmissionResult<string[]>; created?: boolean; confirmation?: ConfirmationState } | undefined;

/** The visitor's sign-up form (/signup): the account type is theirs to choose. */
export function SignUpForm({ actionData }: { actionData: SignUpAnswer }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signup");
  const [role, setRole] = useState(roleParam(params.get("role")) ?? "buyer");
  const { onInput, mismatch } = usePasswordMatch();
  const validation = useSignUpValidation();

  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    defaultValue: { role },
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const confirmation = actionData && "confirmation" in actionData ? actionData.confirmation : undefined;
  // Once the account exists the form has done its work: the page is the confirmation, with Resend and Sign In.
  if (actionData?.created && confirmation) {
    return (
      <AuthCard title="Create Account" description="Join South Africa's marketplace for heavy machinery.">
        <ConfirmationPanel
          state={confirmation}
          tone="success"
          title="Account Created Successfully!"
          message={`${CONFIRMATION_MESSAGES.sentTo(confirmation.email)} Please check your email to verify your account before signing in.`}
        />
        <p className="mt-4 text-sm text-gray-600">
          Wrong address?{" "}
          <a href="/signup" className="text-brand-700 underline underline-offset-2">
            Sign up again
          </a>{" "}
          with the right one.
        </p>
        <SignInInstead />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create Account" description="Join South Africa's marketplace for heavy machinery.">
      <Form
        method="post"
        {...getFormProps(form)}
        {...validation.triggers}
        onSubmit={withErrorToast(form.onSubmit, validation)}
        className="space-y-4"
        onInput={onInput}
      >
        <SignUpFieldSet
          fields={fields}
          formErrors={form.errors}
          allErrors={form.allErrors}
          role={role}
          confirmHintId="confirm-hint"
          mismatch={mismatch}
          email={<SignUpTextField label="Email *" field={fields.email} type="email" autoComplete="email" />}
          accountType={
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
          }
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Create Account"}
        </Button>
        <TermsAcceptance />
      </Form>
      <SignInInstead />
    </AuthCard>
  );
}
