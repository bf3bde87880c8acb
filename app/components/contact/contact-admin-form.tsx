/**
 * Contact Admin, one form on both dashboards (the buyer's card, the seller's
 * dialog): an optional subject and the message, checked in the browser and
 * again by the action with the same schema.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { FieldError, FormError } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  CONTACT_ADMIN_INTENT,
  CONTACT_ADMIN_LIMITS,
  ContactAdminSchema,
} from "#app/domain/contact/contact-admin-schema.ts";

type ContactFields = { subject: string; message: string };

/** The shared schema trims and checks blanks itself (Conform's coercion would hide its message). */
export const parseContactAdmin = (formData: FormData) =>
  parseWithZod(formData, { schema: ContactAdminSchema, disableAutoCoercion: true });

export function ContactAdminForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<ContactFields, z.infer<typeof ContactAdminSchema>>({
    id: "contact-admin-form",
    lastResult,
    onValidate: ({ formData }) => parseContactAdmin(formData),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={CONTACT_ADMIN_INTENT} />
      <FormError errors={form.errors} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.subject.id}>Subject (optional)</Label>
        <Input
          {...getInputProps(fields.subject, { type: "text", ariaAttributes: true })}
          key={fields.subject.key}
          maxLength={CONTACT_ADMIN_LIMITS.subject}
        />
        <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={fields.message.id}>Message</Label>
        <Textarea
          {...getTextareaProps(fields.message, { ariaAttributes: true })}
          key={fields.message.key}
          maxLength={CONTACT_ADMIN_LIMITS.message}
          required
        />
        <FieldError id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <IntentSubmitButton label="Send Message" busyLabel="Sending..." intent={CONTACT_ADMIN_INTENT} />
    </Form>
  );
}
