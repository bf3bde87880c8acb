import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { FormError, TextField } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ResetPasswordSchema } from "#app/domain/user/auth-schemas.ts";
import { resetPassword } from "#app/domain/user/sign-in.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { firstMessage, invalidReply } from "#app/lib/form-reply.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Reset Password") },
  { name: "robots", content: "noindex" },
];

const invalidLink = () =>
  redirectWithToast("/signin", {
    type: "error",
    title: "Invalid Reset Link",
    description: "This password reset link is invalid or has expired.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  // Public: the reset token is the credential.
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (!token || url.searchParams.get("error")) throw await invalidLink();
  return { token };
}

export async function action({ request }: Route.ActionArgs) {
  // Public: the reset token is the credential (checked by better-auth).
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    if (submission.error?.token) throw await invalidLink();
    const message = firstMessage(submission) ?? "Please fill in all fields.";
    return invalidReply(submission, { message, title: "Password Reset Failed", hideFields: ["password", "confirmPassword"] });
  }
  try {
    await resetPassword({ runtime, ...submission.value });
  } catch (error) {
    if (error instanceof AppError) throw await invalidLink();
    throw error;
  }
  throw await redirectWithToast("/signin", {
    type: "success",
    title: "Password Reset Successful",
    description: "You can now sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "reset-form",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title="Set a new password" description="Choose a new password of at least 8 characters.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormError errors={form.errors} />
        <TextField label="New Password" field={fields.password as never} type="password" autoComplete="new-password" />
        <TextField
          label="Confirm New Password"
          field={fields.confirmPassword as never}
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Updating..." : "Update Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
