import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { CommissionField, FieldError, FormError } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { PROVINCES } from "#app/domain/listing/listing-search-query.ts";
import { CreateBuyerProfileSchema } from "#app/domain/user/buyer-profile-schema.ts";
import { resultFor, type BuyerAnswer } from "./buyer-answer.ts";

type ProfileFields = { fullName: string; companyName: string; province: string; commissionAccepted: string };

/** The buyer dashboard until the profile is complete: name, company and the 2.5% commission. */
export function CreateBuyerProfile({
  defaults,
  answer,
}: {
  defaults: { fullName: string; companyName: string };
  answer: BuyerAnswer;
}) {
  const [form, fields] = useForm<ProfileFields, z.infer<typeof CreateBuyerProfileSchema>>({
    id: "buyer-profile-form",
    lastResult: resultFor(answer, "create-buyer-profile"),
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateBuyerProfileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">Complete Your Buyer Profile</h1>
          </CardTitle>
          <CardDescription>Create your buyer profile to make offers, request viewings and get quotes.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="create-buyer-profile" />
            <FormError errors={form.errors} />
            <div className="space-y-1.5">
              <Label htmlFor={fields.fullName.id}>Full Name</Label>
              <Input
                {...getInputProps(fields.fullName, { type: "text", ariaAttributes: true })}
                key={fields.fullName.key}
                autoComplete="name"
                maxLength={120}
                required
              />
              <FieldError id={fields.fullName.errorId} errors={fields.fullName.errors} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.companyName.id}>Company Name (optional)</Label>
              <Input
                {...getInputProps(fields.companyName, { type: "text", ariaAttributes: true })}
                key={fields.companyName.key}
                autoComplete="organization"
                maxLength={200}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.province.id}>Province (optional)</Label>
              <NativeSelect {...getSelectProps(fields.province, { ariaAttributes: true })} key={fields.province.key}>
                <option value="">Not given</option>
                {PROVINCES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-xs text-gray-600">Sellers see your first name and province, never your contact details.</p>
              <FieldError id={fields.province.errorId} errors={fields.province.errors} />
            </div>
            <CommissionField field={fields.commissionAccepted} />
            <IntentSubmitButton label="Create Buyer Profile" busyLabel="Creating..." intent="create-buyer-profile" />
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
