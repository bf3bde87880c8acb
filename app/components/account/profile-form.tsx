import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldAlert } from "lucide-react";
import { Form } from "react-router";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { ACCOUNT_MESSAGES, AccountProfileSchema, changesNameOrCompany } from "#app/domain/user/account-schemas.ts";
import { resultFor, type AccountAnswer } from "./account-answer.ts";

/** A field's value as typed (the form's values are strings). */
const typed = (value: unknown) => (typeof value === "string" ? value : "");

type Profile = { fullName: string | null; phone: string | null; companyName: string | null; website: string | null };

/**
 * Name, phone, company and website; saved to every place the app keeps them. A verified seller is warned,
 * while the name or company differs from the saved one, that saving sends their verification back to review.
 */
export function ProfileForm({
  defaults,
  verified = false,
  answer,
}: {
  defaults: Profile;
  /** A verified seller: a new name or company takes the badge off until an admin checks again. */
  verified?: boolean;
  answer: AccountAnswer;
}) {
  const [form, fields] = useForm({
    // The page remounts the form (its key) when a saved change reloads the values.
    id: "account-profile",
    lastResult: resultFor(answer, "update-profile"),
    defaultValue: {
      fullName: defaults.fullName ?? "",
      phone: defaults.phone ?? "",
      companyName: defaults.companyName ?? "",
      website: defaults.website ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AccountProfileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update-profile" />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" field={fields.fullName as never} autoComplete="name" />
        <TextField
          label="Phone number"
          field={fields.phone as never}
          type="tel"
          autoComplete="tel"
          placeholder="082 123 4567"
        />
        <TextField label="Company name (optional)" field={fields.companyName as never} autoComplete="organization" />
        <TextField
          label="Website (optional)"
          field={fields.website as never}
          type="url"
          autoComplete="url"
          placeholder="https://"
        />
      </div>
      {verified ? (
        <div aria-live="polite">
          {changesNameOrCompany(defaults, {
            fullName: typed(fields.fullName.value),
            companyName: typed(fields.companyName.value),
          }) ? (
            <RenameNotice />
          ) : null}
          <noscript>
            <RenameNotice />
          </noscript>
        </div>
      ) : null}
      <IntentSubmitButton label="Save profile" busyLabel="Saving..." intent="update-profile" />
    </Form>
  );
}

function RenameNotice() {
  return (
    <Alert variant="info" data-rename-notice>
      <ShieldAlert aria-hidden />
      <AlertTitle>Your verification goes back to review</AlertTitle>
      <AlertDescription>{ACCOUNT_MESSAGES.renameResetsVerification}</AlertDescription>
    </Alert>
  );
}
