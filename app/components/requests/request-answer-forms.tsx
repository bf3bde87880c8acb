/**
 * The seller's and the buyer's answers to a request: a button form for the
 * moves without terms (accept, decline, withdraw), and a disclosure with a
 * form for the moves that put terms on the table (a counter, a new offer,
 * another viewing slot). Plain forms that work before JavaScript loads;
 * Conform checks them in the browser with the schema the server uses.
 */
import { useId } from "react";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldError } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  requestMoveSchema,
  type BuyerRequestIntent,
  type SellerRequestIntent,
} from "#app/domain/request/request-move-schemas.ts";
import { REQUEST_MESSAGE_MAX, VIEWING_TIMES } from "#app/domain/request/request-schemas.ts";
import type { BuyerRequestKind } from "#app/domain/request/request-state.ts";

type Intent = SellerRequestIntent | BuyerRequestIntent;
export type RequestRef = { kind: BuyerRequestKind; id: string };

function useBusy(ref: RequestRef) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("requestId") === ref.id;
}

function Hidden({ intent, request }: { intent: Intent; request: RequestRef }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={request.kind} />
      <input type="hidden" name="requestId" value={request.id} />
    </>
  );
}

/** One button that makes a move without terms (accept, decline, withdraw). */
export function MoveButton({
  intent,
  request,
  label,
  variant = "default",
  action,
}: {
  intent: Intent;
  request: RequestRef;
  label: string;
  variant?: "default" | "outline";
  action?: string;
}) {
  const busy = useBusy(request);
  return (
    <Form method="post" action={action}>
      <Hidden intent={intent} request={request} />
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

type Fields = { offerAmount: string; preferredDate: string; preferredTime: string; message: string };

/** A move with terms behind a disclosure: an amount (counter, new offer) or a viewing slot, and a message. */
export function TermsForm({
  intent,
  request,
  summary,
  submitLabel,
  today,
  action,
}: {
  intent: Extract<Intent, "counter-request" | "reoffer">;
  request: RequestRef;
  summary: string;
  submitLabel: string;
  /** Today in South Africa (the earliest date a viewing may be proposed for). */
  today?: string;
  action?: string;
}) {
  const busy = useBusy(request);
  const slot = intent === "counter-request" && request.kind === "viewing";
  const schema = requestMoveSchema(intent, request.kind);
  // A request may be drawn twice (a phone's card and the table): each copy is its own form.
  const copy = useId();
  const [form, fields] = useForm<Fields, Record<string, unknown>>({
    id: `${intent}-${request.id}-${copy.replace(/[^a-zA-Z0-9_-]/g, "")}`,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Fields, string[], Record<string, unknown>>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <details className="w-full text-sm sm:w-auto">
      <summary className="inline-flex h-8 cursor-pointer items-center rounded-md border border-gray-300 px-3 text-sm font-medium">
        {summary}
      </summary>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-2 space-y-3 rounded-md border p-3">
        <Hidden intent={intent} request={request} />
        {slot ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="min-w-0 space-y-1">
              <Label htmlFor={fields.preferredDate.id}>Date</Label>
              <Input {...getInputProps(fields.preferredDate, { type: "date", ariaAttributes: true })} key={fields.preferredDate.key} min={today} />
              <FieldError id={fields.preferredDate.errorId} errors={fields.preferredDate.errors} />
            </div>
            <div className="min-w-0 space-y-1">
              <Label htmlFor={fields.preferredTime.id}>Time</Label>
              <NativeSelect {...getSelectProps(fields.preferredTime, { ariaAttributes: true })} key={fields.preferredTime.key}>
                <option value="">Choose a time</option>
                {VIEWING_TIMES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={fields.preferredTime.errorId} errors={fields.preferredTime.errors} />
            </div>
          </div>
        ) : (
          <div className="min-w-0 space-y-1">
            <Label htmlFor={fields.offerAmount.id}>Amount (R)</Label>
            <Input
              {...getInputProps(fields.offerAmount, { type: "text", ariaAttributes: true })}
              key={fields.offerAmount.key}
              inputMode="decimal"
              className="w-full sm:w-48"
            />
            <FieldError id={fields.offerAmount.errorId} errors={fields.offerAmount.errors} />
          </div>
        )}
        <div className="min-w-0 space-y-1">
          <Label htmlFor={fields.message.id}>Message (optional)</Label>
          <Textarea {...getTextareaProps(fields.message, { ariaAttributes: true })} key={fields.message.key} maxLength={REQUEST_MESSAGE_MAX} rows={2} />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
      </Form>
    </details>
  );
}
