import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/complete-profile";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { TermsAcceptance } from "#app/components/auth/terms-acceptance.tsx";
import { FieldError, FormError, TextField } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { CompleteProfileSchema, TITLES } from "#app/domain/user/auth-schemas.ts";
import { completeProfile, getProfile, needsProfileCompletion } from "#app/domain/user/complete-profile.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { firstMessage, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Complete Your Profile") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (!needsProfileCompletion(viewer)) throw redirect(homePathFor(viewer));
  const { db } = await getRuntime();
  const profile = await getProfile({ db, userId: viewer.userId });
  return {
    lockedRole: viewer.role,
    defaults: {
      role: viewer.role ?? "",
      fullName: profile?.fullName ?? viewer.name ?? "",
      companyName: profile?.companyName ?? "",
      website: profile?.website ?? "",
      commissionAccepted: viewer.commissionAccepted ? "on" : "",
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  // As the page: a finished profile is changed elsewhere, never re-posted here.
  if (!needsProfileCompletion(viewer)) throw redirect(homePathFor(viewer));
  const runtime = await getRuntime();
  const submission = parseWithZod(await readForm(request), { schema: CompleteProfileSchema });
  if (submission.status !== "success") {
    const message = firstMessage(submission) ?? "Failed to complete profile. Please try again.";
    return invalidReply(submission, { message, titles: TITLES });
  }
  const failed = await runForm(submission, async () => {
    await completeProfile({ db: runtime.db, viewer, data: submission.value });
  });
  if (failed) return failed;
  throw await redirectWithToast(homePathFor({ isAdmin: false, role: submission.value.role }), {
    type: "success",
    title: "Profile Completed!",
    description: "Welcome to the marketplace.",
  });
}

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useActionToast(actionData?.toast);
  const [role, setRole] = useState<string>(loaderData.defaults.role);
  const [form, fields] = useForm({
    id: "complete-profile-form",
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompleteProfileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const cards = [
    { value: "buyer", title: "Buyer", text: "Browse approved machinery and send purchase requests, offers and quotes." },
    { value: "seller", title: "Seller", text: "List your equipment; we approve it and broker the sale." },
  ];
  return (
    <AuthCard title="Complete Your Profile" description="Tell us how you will use the marketplace.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError errors={form.errors} />
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">I am a</legend>
          {cards.map((card) => {
            const disabled = Boolean(loaderData.lockedRole && loaderData.lockedRole !== card.value);
            return (
              <label
                key={card.value}
                className={`cursor-pointer rounded-lg border p-4 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${disabled ? "opacity-50" : ""}`}
              >
                <input
                  type="radio"
                  name={fields.role.name}
                  value={card.value}
                  defaultChecked={loaderData.defaults.role === card.value}
                  disabled={disabled}
                  onChange={() => setRole(card.value)}
                  className="sr-only"
                />
                <span className="block text-base font-semibold">{card.title}</span>
                <span className="text-gray-600">{card.text}</span>
              </label>
            );
          })}
        </fieldset>
        <FieldError id={fields.role.errorId} errors={fields.role.errors} />
        <TextField label="Full Name" field={fields.fullName as never} autoComplete="name" />
        <TextField label="Company Name (optional)" field={fields.companyName as never} autoComplete="organization" />
        <TextField label="Website (optional)" field={fields.website as never} type="url" placeholder="https://" />
        {role !== "seller" ? (
          <div className="space-y-1.5">
            <label className="flex items-start gap-2 text-sm">
              <input
                {...getInputProps(fields.commissionAccepted, { type: "checkbox" })}
                key={fields.commissionAccepted.key}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>I accept the 2.5% buyer commission on purchases</span>
            </label>
            <FieldError id={fields.commissionAccepted.errorId} errors={fields.commissionAccepted.errors} />
          </div>
        ) : null}
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Saving..." : "Complete Profile"}
        </Button>
        {/* Only where this page gives the account its type (a Google sign-up that skipped /select-role). */}
        {loaderData.lockedRole ? null : <TermsAcceptance />}
      </Form>
    </AuthCard>
  );
}
