import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/select-role";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { TermsAcceptance } from "#app/components/auth/terms-acceptance.tsx";
import { FieldError } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { SelectRoleSchema } from "#app/domain/user/auth-schemas.ts";
import { selectRole } from "#app/domain/user/complete-profile.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Choose your account type") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (viewer.role || viewer.isAdmin) throw redirect(homePathFor(viewer));
  return { email: viewer.email };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const submission = parseWithZod(await readForm(request), { schema: SelectRoleSchema });
  if (submission.status !== "success") {
    return invalidReply(submission, { title: "Role Required", message: "Please select your account type." });
  }
  const failed = await runForm(submission, async () => {
    await selectRole({ db: runtime.db, viewer, role: submission.value.role });
  });
  if (failed) return failed;
  throw await redirectWithToast("/complete-profile", {
    type: "success",
    title: "Profile Updated",
    description: "Now tell us a little more about you.",
  });
}

export default function SelectRole({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "select-role-form",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SelectRoleSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <AuthCard title="Choose your account type" description={`Signed in as ${loaderData.email}`}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor={fields.role.id}>Account Type</Label>
          <NativeSelect {...getSelectProps(fields.role)} key={fields.role.key}>
            <option value="">Select your account type</option>
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </NativeSelect>
          <FieldError id={fields.role.errorId} errors={fields.role.errors ?? form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Complete Setup
        </Button>
        <TermsAcceptance />
      </Form>
    </AuthCard>
  );
}
