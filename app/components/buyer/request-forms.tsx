import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type Submission,
  type FieldMetadata,
} from "@conform-to/react";
import type { ReactNode } from "react";
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
  type REQUEST_FORM_SCHEMAS,
  REQUEST_MESSAGE_MAX,
  VIEWING_TIMES,
  ViewingRequestSchema,
  type RequestType,
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

/** A request form's Conform state, bound to its confirmation dialog and to the action's answer for it. */
function useRequestForm<
  Fields extends Record<string, string>,
  S extends (typeof REQUEST_FORM_SCHEMAS)[RequestType],
>(options: { kind: RequestType; schema: S; answer: BuyerAnswer; picker: Picker; defaultValue?: Partial<Fields> }) {
  const { kind, schema, answer, picker } = options;
  const confirmation = useRequestConfirmation(kind, picker.listings);
  const [form, fields] = useForm<Fields, z.infer<S>>({
    id: `${kind}-form`,
    lastResult: resultFor(answer, kind),
    defaultValue: { listingId: picker.listingId, ...options.defaultValue } as DefaultValue<Fields>,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Fields, string[], z.infer<S>>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return { frame: { kind, formProps: getFormProps(form), formErrors: form.errors, confirmation }, fields };
}

/** What every request form has around its own fields: the dialog, the intent, the form's error and the submit button. */
function RequestFormFrame({
  kind,
  formProps,
  formErrors,
  confirmation,
  submitLabel,
  children,
}: ReturnType<typeof useRequestForm>["frame"] & { submitLabel: string; children: ReactNode }) {
  return (
    <Form method="post" {...formProps} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value={kind} />
      <FormError errors={formErrors} />
      {children}
      <IntentSubmitButton label={submitLabel} busyLabel="Submitting..." intent={kind} />
    </Form>
  );
}

type OfferFields = { listingId: string; offerAmount: string; message: string };

export function OfferForm({ answer, picker }: { answer: BuyerAnswer; picker: Picker }) {
  const { frame, fields } = useRequestForm<OfferFields, typeof OfferRequestSchema>({
    kind: "offer",
    schema: OfferRequestSchema,
    answer,
    picker,
  });
  return (
    <RequestFormFrame {...frame} submitLabel="Submit Offer">
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
    </RequestFormFrame>
  );
}

type ViewingFields = { listingId: string; preferredDate: string; preferredTime: string; message: string };

export function ViewingForm({ today, answer, picker }: { today: string; answer: BuyerAnswer; picker: Picker }) {
  const { frame, fields } = useRequestForm<ViewingFields, typeof ViewingRequestSchema>({
    kind: "viewing",
    schema: ViewingRequestSchema,
    answer,
    picker,
  });
  return (
    <RequestFormFrame {...frame} submitLabel="Request Viewing">
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
    </RequestFormFrame>
  );
}

type QuoteFields = { listingId: string; quoteType: string; details: string; message: string };

export function QuoteForm({ answer, picker }: { answer: BuyerAnswer; picker: Picker }) {
  const { frame, fields } = useRequestForm<QuoteFields, typeof QuoteRequestSchema>({
    kind: "quote",
    schema: QuoteRequestSchema,
    answer,
    picker,
    defaultValue: { quoteType: "equipment-purchase" },
  });
  return (
    <RequestFormFrame {...frame} submitLabel="Request Quote">
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
    </RequestFormFrame>
  );
}
