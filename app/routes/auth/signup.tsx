import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { FieldError, FormError, TextField } from "#app/components/forms/field.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { firstError, SignUpSchema, TITLES } from "#app/domain/user/auth-schemas.ts";
import { createUser } from "#app/domain/user/create-user.server.ts";
import { getViewer } from "#app/domain/user/get-viewer.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { assertSameOrigin } from "#app/lib/guards.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Create Account | Machinery Marketplace" },
  { name: "description", content: "Register as a buyer or seller of heavy machinery and industrial equipment." },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public; a signed-in user goes to their home.
  const viewer = await getViewer(request);
  if (viewer) throw redirect(homePathFor(viewer));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // Public (creating an account); same-origin posts only.
  const runtime = await getRuntime();
  assertSameOrigin(request, runtime.env.PUBLIC_URL);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") {
    const message = firstError(submission.error ?? undefined) ?? "Please fill in all required fields including phone number.";
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        toast: { type: "error", title: TITLES[message] ?? "Sign Up Failed", description: message } as ActionToast,
        created: false,
      },
      { status: 400 },
    );
  }
  try {
    await createUser(runtime, submission.value);
  } catch (error) {
    if (error instanceof AppError) {
      return data(
        {
          result: submission.reply({ formErrors: [error.message], hideFields: ["password", "confirmPassword"] }),
          toast: { type: "error", title: error.title, description: error.message } as ActionToast,
          created: false,
        },
        { status: error.status },
      );
    }
    throw error;
  }
  return {
    result: submission.reply({ resetForm: true }),
    toast: {
      type: "success",
      title: "Account Created Successfully!",
      description: "Please check your email to verify your account before signing in.",
    } as ActionToast,
    created: true,
  };
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signup");
  useActionToast(actionData?.toast);
  const [role, setRole] = useState(params.get("role") === "seller" ? "seller" : "buyer");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");

  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    defaultValue: { role },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <AuthCard title="Create Account" description="Join South Africa's marketplace for heavy machinery.">
      {actionData?.created ? (
        <div role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">
          <strong>{actionData.toast.title}</strong> {actionData.toast.description}
        </div>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4"
        onInput={(e: React.FormEvent<HTMLFormElement>) => {
          const f = e.currentTarget;
          setPassword((f.elements.namedItem("password") as HTMLInputElement | null)?.value ?? "");
          setConfirm((f.elements.namedItem("confirmPassword") as HTMLInputElement | null)?.value ?? "");
        }}
      >
        <FormError errors={form.errors} />
        <TextField label="Email *" field={fields.email as never} type="email" autoComplete="email" />
        <div className="space-y-1.5">
          <TextField
            label="Password *"
            field={fields.password as never}
            type="password"
            autoComplete="new-password"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.confirmPassword.id}>Confirm Password *</Label>
          <input
            id={fields.confirmPassword.id}
            name={fields.confirmPassword.name}
            type="password"
            autoComplete="new-password"
            aria-invalid={fields.confirmPassword.errors ? true : undefined}
            aria-describedby={fields.confirmPassword.errors ? fields.confirmPassword.errorId : "confirm-hint"}
            className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          />
          {confirm && password && confirm !== password ? (
            <p id="confirm-hint" className="text-sm text-red-600">
              Passwords do not match
            </p>
          ) : null}
          <FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.role.id}>Account Type *</Label>
          <NativeSelect
            {...getSelectProps(fields.role)}
            key={fields.role.key}
            onChange={(e) => setRole(e.currentTarget.value)}
          >
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </NativeSelect>
          <FieldError id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <TextField label="Full Name *" field={fields.fullName as never} autoComplete="name" />
        <TextField
          label="Phone Number *"
          field={fields.phone as never}
          type="tel"
          autoComplete="tel"
          placeholder="e.g. 082 123 4567"
        />
        {role === "buyer" ? (
          <TextField label="Company Name (optional)" field={fields.companyName as never} autoComplete="organization" />
        ) : (
          <>
            <div className="space-y-1.5">
              <Label htmlFor={fields.sellerType.id}>Seller Type (optional)</Label>
              <NativeSelect {...getSelectProps(fields.sellerType)} key={fields.sellerType.key}>
                <option value="">Select…</option>
                <option value="company">Company</option>
                <option value="private">Private</option>
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.sellerRole.id}>Relationship to the equipment (optional)</Label>
              <NativeSelect {...getSelectProps(fields.sellerRole)} key={fields.sellerRole.key}>
                <option value="">Select…</option>
                <option value="agent">Agent</option>
                <option value="direct">Direct (owner)</option>
              </NativeSelect>
            </div>
          </>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Create Account"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{" "}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
