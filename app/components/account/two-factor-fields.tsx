import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { FieldError } from "#app/components/forms/field.tsx";
import { NativeCheckbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";

/**
 * The code field of two-factor sign-in: a 6-digit code from an authenticator app (numeric keyboard,
 * the browser's one-time-code autofill) or a backup code ("KX7PM-2QRT9": any case, the dash optional).
 */
export function TwoFactorCodeField({
  field,
  kind,
  label,
  hint,
  autoFocus,
}: {
  field: FieldMetadata<string | undefined>;
  kind: "totp" | "backup" | "either";
  label: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const props = getInputProps(field, { type: "text", ariaAttributes: true });
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        {...props}
        key={props.key}
        aria-describedby={[props["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined}
        inputMode={kind === "totp" ? "numeric" : "text"}
        autoComplete={kind === "totp" ? "one-time-code" : "off"}
        autoCapitalize={kind === "totp" ? "off" : "characters"}
        autoCorrect="off"
        spellCheck={false}
        maxLength={kind === "totp" ? 9 : 16}
        placeholder={kind === "totp" ? "123456" : kind === "backup" ? "KX7PM-2QRT9" : undefined}
        autoFocus={autoFocus}
        className="font-mono tracking-widest"
      />
      {hint ? (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** "Trust this device for 30 days": the next sign-ins on this browser skip the code. */
export function TrustDeviceField({ days }: { days: number }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <NativeCheckbox name="trustDevice" className="mt-0.5" />
      <span>
        Trust this device for {days} days
        <span className="block text-gray-600">Only on a device you alone use.</span>
      </span>
    </label>
  );
}
