import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { FieldError, FormError } from "#app/components/forms/field.tsx";
import { IntentSubmitButton } from "#app/components/forms/intent-submit-button.tsx";
import { ListingCombobox } from "#app/components/requests/listing-combobox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { RequestableListing } from "#app/domain/request/find-user-requests.server.ts";
import {
  OfferRequestSchema,
  QUOTE_TYPE_LABELS,
  QuoteRequestSchema,
  REQUEST_MESSAGE_MAX,
  VIEWING_TIMES,
  ViewingRequestSchema,
} from "#app/domain/request/request-schemas.ts";
import { resultFor, type BuyerAnswer } from "./buyer-answer.ts";
import { useRequestConfirmation } from "./use-request-confirmation.tsx";

/** The listings a request may name, the one chosen (kept in the address) and how to choose another. */
export type Picker = { listings: RequestableListing[]; listingId: string; onPick: (id: string) => void };

function ListingSelect({ field, picker }: { field: FieldMetadata<string | undefined>; picker: Picker }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>Listing (optional)</Label>
      <ListingCombobox
        id={field.id}
        name={field.name}
        listings={picker.listings}
        value={picker.listingId}
        onChange={picker.onPick}
        invalid={field.errors ? true : undefined}
        describedBy={field.errors ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function MessageField({ field }: { field: FieldMetadata<string | undefined> }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>Message (optional)</Label>
      <Textarea
        {...getTextareaProps(field, { ariaAttributes: true })}
        key={field.key}
        maxLength={REQUEST_MESSAGE_MAX}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

type OfferFields = { listingId: string; offerAmount: string; message: string };

export function OfferForm({ answer, picker }: { answer: BuyerAnswer; picker: Picker }) {
  const confirmation = useRequestConfirmation("offer", picker.listings);
  const [form, fields] = useForm<OfferFields, z.infer<typeof OfferRequestSchema>>({
    id: "offer-form",
    lastResult: resultFor(answer, "offer"),
    defaultValue: { listingId: picker.listingId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OfferRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value="offer" />
      <FormError errors={form.errors} />
      <ListingSelect field={fields.listingId} picker={picker} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.offerAmount.id}>Offer Amount (R)</Label>
        <Input
          {...getInputProps(fields.offerAmount, { type: "number", ariaAttributes: true })}
          key={fields.offerAmount.key}
          min="0.01"
          step="0.01"
          inputMode="decimal"
          placeholder="e.g. 450000"
          required
        />
        <FieldError id={fields.offerAmount.errorId} errors={fields.offerAmount.errors} />
      </div>
      <MessageField field={fields.message} />
      <IntentSubmitButton label="Submit Offer" busyLabel="Submitting..." intent="offer" />
    </Form>
  );
}

type ViewingFields = { listingId: string; preferredDate: string; preferredTime: string; message: string };

export function ViewingForm({ today, answer, picker }: { today: string; answer: BuyerAnswer; picker: Picker }) {
  const confirmation = useRequestConfirmation("viewing", picker.listings);
  const [form, fields] = useForm<ViewingFields, z.infer<typeof ViewingRequestSchema>>({
    id: "viewing-form",
    lastResult: resultFor(answer, "viewing"),
    defaultValue: { listingId: picker.listingId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ViewingRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value="viewing" />
      <FormError errors={form.errors} />
      <ListingSelect field={fields.listingId} picker={picker} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={fields.preferredDate.id}>Preferred Date</Label>
          <Input
            {...getInputProps(fields.preferredDate, { type: "date", ariaAttributes: true })}
            key={fields.preferredDate.key}
            min={today}
            required
          />
          <FieldError id={fields.preferredDate.errorId} errors={fields.preferredDate.errors} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.preferredTime.id}>Preferred Time</Label>
          <NativeSelect
            {...getSelectProps(fields.preferredTime, { ariaAttributes: true })}
            key={fields.preferredTime.key}
            required
          >
            <option value="">Select a time</option>
            {VIEWING_TIMES.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.preferredTime.errorId} errors={fields.preferredTime.errors} />
        </div>
      </div>
      <MessageField field={fields.message} />
      <IntentSubmitButton label="Request Viewing" busyLabel="Submitting..." intent="viewing" />
    </Form>
  );
}

type QuoteFields = { listingId: string; quoteType: string; details: string; message: string };

export function QuoteForm({ answer, picker }: { answer: BuyerAnswer; picker: Picker }) {
  const confirmation = useRequestConfirmation("quote", picker.listings);
  const [form, fields] = useForm<QuoteFields, z.infer<typeof QuoteRequestSchema>>({
    id: "quote-form",
    lastResult: resultFor(answer, "quote"),
    defaultValue: { listingId: picker.listingId, quoteType: "equipment-purchase" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuoteRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value="quote" />
      <FormError errors={form.errors} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.quoteType.id}>Quote Type</Label>
        <NativeSelect
          {...getSelectProps(fields.quoteType, { ariaAttributes: true })}
          key={fields.quoteType.key}
          required
        >
          {Object.entries(QUOTE_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={fields.quoteType.errorId} errors={fields.quoteType.errors} />
      </div>
      <ListingSelect field={fields.listingId} picker={picker} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.details.id}>Details</Label>
        <Textarea
          {...getTextareaProps(fields.details, { ariaAttributes: true })}
          key={fields.details.key}
          maxLength={5000}
          placeholder="What do you need? Machine type, quantity, duration, location..."
          required
        />
        <FieldError id={fields.details.errorId} errors={fields.details.errors} />
      </div>
      <MessageField field={fields.message} />
      <IntentSubmitButton label="Request Quote" busyLabel="Submitting..." intent="quote" />
    </Form>
  );
}
