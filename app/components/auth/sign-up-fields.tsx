/**
 * Fields shared by the sign-up form and the invitation's. A field left empty
 * is marked (red border, aria-invalid) but carries no sentence of its own: the
 * spec's "Please fill in all required fields including phone number." is said
 * once, as the toast (or, before JavaScript has loaded, once above the form).
 * A message about one field (a bad e-mail, a short password) stays under it.
 */
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps } from "@conform-to/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { CommissionField, TextField } from "#app/components/forms/field.tsx";
import { showActionToast } from "#app/components/forms/use-action-toast.ts";
import { useDeferredValidation, type DeferredValidation } from "#app/components/forms/use-deferred-validation.ts";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { FieldError, FormError } from "#app/components/forms/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { MESSAGES, signUpErrorToast } from "#app/domain/user/auth-messages.ts";
import type * as AuthSchemas from "#app/domain/user/auth-schemas.ts";

/** A text field of any of the sign-up forms' schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

/** The messages shown under a field: all but the form-wide "required" one. */
function ownErrors(errors: string[] | undefined) {
  return errors?.filter((e) => e !== MESSAGES.signUpRequired);
}

/** Under a field: its own message, or, when it is only empty, a "Required" for screen readers (the field's aria-describedby). */
function FieldMessage({ id, errors }: { id: string; errors: string[] | undefined }) {
  const own = ownErrors(errors);
  if (own?.length) return <FieldError id={id} errors={own} />;
  if (errors?.length) {
    return (
      <p id={id} className="sr-only">
        Required
      </p>
    );
  }
  return null;
}

export function SignUpTextField({
  label,
  field,
  type = "text",
  autoComplete,
  placeholder,
}: {
  label: string;
  field: AnyField;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  placeholder?: string;
}) {
  const props = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>{label}</Label>
      <Input {...props} key={props.key} autoComplete={autoComplete} placeholder={placeholder} />
      <FieldMessage id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Confirm Password, with the live hint "Passwords do not match" (docs/product.md#forms). */
export function ConfirmPasswordField({
  field,
  hintId,
  mismatch,
}: {
  field: AnyField;
  hintId: string;
  mismatch: boolean;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>Confirm Password *</Label>
      <Input
        id={field.id}
        name={field.name}
        type="password"
        autoComplete="new-password"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : mismatch ? hintId : undefined}
      />
      {/* The live hint, until the form's own message says the same on submit (one message, not two). */}
      {mismatch && !invalid ? (
        <p id={hintId} className="text-sm text-red-600">
          Passwords do not match
        </p>
      ) : null}
      <FieldMessage id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A select whose empty choice reads as a placeholder (grey), not as a chosen value. */
const placeholderSelect = "has-[option[value='']:checked]:text-gray-500 [&_option]:text-gray-900";

/**
 * A seller's optional details (seller type company or private, relationship agent or direct; docs/product.md#forms).
 */
export function SellerDetailsFields({ sellerType, sellerRole }: { sellerType: AnyField; sellerRole: AnyField }) {
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={sellerType.id}>Seller Type (optional)</Label>
        <NativeSelect {...getSelectProps(sellerType)} key={sellerType.key} className={placeholderSelect}>
          <option value="">Select seller type</option>
          <option value="company">Company</option>
          <option value="private">Private</option>
        </NativeSelect>
        <FieldError id={sellerType.errorId} errors={sellerType.errors} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={sellerRole.id}>Relationship to the equipment (optional)</Label>
        <NativeSelect {...getSelectProps(sellerRole)} key={sellerRole.key} className={placeholderSelect}>
          <option value="">Select relationship</option>
          <option value="agent">Agent</option>
          <option value="direct">Direct (owner)</option>
        </NativeSelect>
        <FieldError id={sellerRole.errorId} errors={sellerRole.errors} />
      </div>
    </>
  );
}

/**
 * The "required fields" sentence above the form, for a page without
 * JavaScript (the server's answer to an empty form); once hydrated the toast
 * says it instead.
 */
export function RequiredFieldsNotice({ errors }: { errors: Record<string, string[]> | undefined }) {
  const hydrated = useHydrated();
  const missing = Object.values(errors ?? {}).some((list) => list.includes(MESSAGES.signUpRequired));
  if (hydrated || !missing) return null;
  return <FormError errors={[MESSAGES.signUpRequired]} />;
}

type SignUpValidation = DeferredValidation<typeof AuthSchemas>;

/** The sign-up schema for the browser's check, loaded on the first focus in the form (use-deferred-validation.ts). */
const loadAuthSchemas = () => import("#app/domain/user/auth-schemas.ts");

/** Both sign-up forms' browser-side check: `onValidate` for Conform once the schema has loaded, and the `<Form>`'s triggers. */
export function useSignUpValidation() {
  const validation = useDeferredValidation(loadAuthSchemas);
  const { loaded } = validation;
  const onValidate = loaded
    ? ({ formData }: { formData: FormData }) => loaded.parseWithZod(formData, { schema: loaded.schemas.SignUpSchema })
    : undefined;
  return { ...validation, onValidate };
}

/**
 * Wraps Conform's submit handler: when the browser's check stops the submit,
 * the toast the server would have sent is shown here.
 */
export function withErrorToast(
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void,
  { loaded }: Pick<SignUpValidation, "loaded">,
) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    // Stopped only by the browser's check, which runs only once the schema has loaded.
    if (!event.defaultPrevented || !loaded) return;
    const submission = loaded.parseWithZod(new FormData(event.currentTarget), { schema: loaded.schemas.SignUpSchema });
    if (submission.status === "error") showActionToast(signUpErrorToast(submission.error));
  };
}

/** The live "Passwords do not match" hint: the form's onInput keeps both values. */
export function usePasswordMatch() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const f = e.currentTarget;
    setPassword((f.elements.namedItem("password") as HTMLInputElement | null)?.value ?? "");
    setConfirm((f.elements.namedItem("confirmPassword") as HTMLInputElement | null)?.value ?? "");
  };
  return { onInput, mismatch: Boolean(confirm && password && confirm !== password) };
}

/**
 * The one set of sign-up fields, for the sign-up page and an invitation's:
 * the e-mail and the account type are slots (typed by the visitor, or locked
 * to the invitation), the rest is the same — password and its confirmation,
 * name, phone, and the buyer's or the seller's details.
 */
export function SignUpFieldSet({
  fields,
  formErrors,
  allErrors,
  email,
  accountType,
  role,
  confirmHintId,
  mismatch,
}: {
  fields: Record<
    | "password"
    | "confirmPassword"
    | "fullName"
    | "phone"
    | "companyName"
    | "commissionAccepted"
    | "sellerType"
    | "sellerRole",
    AnyField
  >;
  formErrors: string[] | undefined;
  allErrors: Record<string, string[]> | undefined;
  email: ReactNode;
  accountType: ReactNode;
  role: "buyer" | "seller";
  confirmHintId: string;
  mismatch: boolean;
}) {
  return (
    <>
      <RequiredFieldsNotice errors={allErrors} />
      <FormError errors={formErrors} />
      {email}
      <SignUpTextField label="Password *" field={fields.password} type="password" autoComplete="new-password" />
      <ConfirmPasswordField field={fields.confirmPassword} hintId={confirmHintId} mismatch={mismatch} />
      {accountType}
      <SignUpTextField label="Full Name *" field={fields.fullName} autoComplete="name" />
      <SignUpTextField
        label="Phone Number *"
        field={fields.phone}
        type="tel"
        autoComplete="tel"
        placeholder="e.g. 082 123 4567"
      />
      {role === "buyer" ? (
        <>
          <TextField label="Company Name (optional)" field={fields.companyName as never} autoComplete="organization" />
          <CommissionField field={fields.commissionAccepted as never} />
        </>
      ) : (
        <>
          <SellerDetailsFields sellerType={fields.sellerType} sellerRole={fields.sellerRole} />
          {/* Given now, the company name is what verification checks the registration against (a later change asks again). */}
          <TextField
            label="Company Name (optional)"
            field={fields.companyName as never}
            autoComplete="organization"
            hint={
              <p className="text-xs text-gray-500">
                For a company: as on its CIPC registration. Buyers see it on your listings and seller page.
              </p>
            }
          />
        </>
      )}
    </>
  );
}
