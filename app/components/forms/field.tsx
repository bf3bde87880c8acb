import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { NativeCheckbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {errors[0]}
    </p>
  );
}

/** A labelled input bound to a Conform field, with its error underneath. */
export function TextField({
  label,
  field,
  type = "text",
  autoComplete,
  placeholder,
  readOnly,
  hint,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password" | "tel" | "url";
  autoComplete?: string;
  placeholder?: string;
  readOnly?: boolean;
  hint?: React.ReactNode;
}) {
  const props = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        className={readOnly ? "bg-gray-100!" : undefined}
      />
      {hint}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FormError({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      {errors[0]}
    </div>
  );
}

/** The buyer's 2.5% commission acceptance: on sign-up (as a buyer, or through a buyer invitation) and on the buyer profile form. */
export function CommissionField({ field }: { field: FieldMetadata<string | boolean | undefined> }) {
  const props = getInputProps(field as FieldMetadata<string>, { type: "checkbox", ariaAttributes: true });
  return (
    <div className="space-y-1.5">
      <label className="flex items-start gap-2 text-sm">
        <NativeCheckbox {...props} key={props.key} className="mt-0.5" />
        <span>I accept the 2.5% buyer commission on purchases</span>
      </label>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
