import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { AccountProfileSchema } from "#app/domain/user/account-schemas.ts";
import { resultFor, type AccountAnswer } from "./account-answer.ts";

type Profile = { fullName: string | null; phone: string | null; companyName: string | null; website: string | null };

/** Name, phone, company and website; saved to every place the app keeps them. */
export function ProfileForm({ defaults, answer }: { defaults: Profile; answer: AccountAnswer }) {
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
      <IntentSubmitButton label="Save profile" busyLabel="Saving..." intent="update-profile" />
    </Form>
  );
}
