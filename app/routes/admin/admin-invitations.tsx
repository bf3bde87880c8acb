import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin-invitations";
import { FieldError, FormError } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { createInvitation } from "#app/domain/invitation/create-invitation.server.ts";
import { findInvitations } from "#app/domain/invitation/find-invitations.server.ts";
import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  INVITE_LIMITS,
  InviteSchema,
} from "#app/domain/invitation/invitation-schema.ts";
import { invitationStateLabel, type InvitationState } from "#app/domain/invitation/invitation-state.ts";
import { doneReply, firstMessage, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Invitations | Admin Panel") },
  { name: "robots", content: "noindex" },
];

type InvitationRow = Awaited<ReturnType<typeof findInvitations>>[number];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { db } = await getRuntime();
  try {
    return { invitations: await findInvitations({ db, admin, limit: 100 }), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "invitations could not be loaded");
    return { invitations: [] as InvitationRow[], loadError: "Failed to load invitations." };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const submission = parseWithZod(await readForm(request), { schema: InviteSchema });
  const extra = { sentTo: null as string | null };
  if (submission.status !== "success") {
    return invalidReply(submission, { message: firstMessage(submission) ?? INVITATION_MESSAGES.failed, extra });
  }
  return runForm(
    submission,
    async () => {
      const { email } = await createInvitation({ runtime, admin, input: submission.value });
      return doneReply(submission, {
        extra: { sentTo: email as string | null },
        toast: {
          type: "success",
          title: INVITATION_MESSAGES.sentTitle,
          description: `An invitation was sent to ${email}.`,
        },
      });
    },
    { extra, unexpected: { message: INVITATION_MESSAGES.failed, log: "invitation could not be sent" } },
  );
}

export default function AdminInvitations({ loaderData, actionData }: Route.ComponentProps) {
  const { invitations, loadError } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/invitations");
  useActionToast(actionData?.toast);

  const [form, fields] = useForm({
    id: "invite-form",
    lastResult: actionData?.result,
    defaultValue: { role: "buyer" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Invite a user</h2>
          </CardTitle>
          <CardDescription>
            They get an e-mail with a link to create their account. The link works once and expires after{" "}
            {INVITATION_TTL_DAYS} days.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.sentTo ? (
            <Alert variant="success" role="status" className="mb-4">
              <AlertTitle>{INVITATION_MESSAGES.sentTitle}</AlertTitle>
              <AlertDescription>An invitation was sent to {actionData.sentTo}.</AlertDescription>
            </Alert>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormError errors={form.errors} />
            <div className="space-y-1.5">
              <Label htmlFor={fields.email.id}>Email address *</Label>
              <Input
                {...getInputProps(fields.email, { type: "email", ariaAttributes: true })}
                key={fields.email.key}
                autoComplete="off"
                maxLength={INVITE_LIMITS.email}
              />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.fullName.id}>Full name (optional)</Label>
              <Input
                {...getInputProps(fields.fullName, { type: "text", ariaAttributes: true })}
                key={fields.fullName.key}
                autoComplete="off"
                maxLength={INVITE_LIMITS.fullName}
              />
              <FieldError id={fields.fullName.errorId} errors={fields.fullName.errors} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.role.id}>Role</Label>
              <NativeSelect {...getSelectProps(fields.role)} key={fields.role.key}>
                <option value="buyer">Buyer</option>
                <option value="seller">Seller</option>
              </NativeSelect>
              <FieldError id={fields.role.errorId} errors={fields.role.errors} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.customMessage.id}>Custom message (optional)</Label>
              <Textarea
                {...getTextareaProps(fields.customMessage, { ariaAttributes: true })}
                key={fields.customMessage.key}
                rows={4}
                maxLength={INVITE_LIMITS.customMessage}
              />
              <FieldError id={fields.customMessage.errorId} errors={fields.customMessage.errors} />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send Invitation"}
            </Button>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        {loadError ? (
          <Alert variant="destructive" className="mt-4">
            <AlertTitle>Error</AlertTitle>
            <AlertDescription>{loadError}</AlertDescription>
          </Alert>
        ) : invitations.length === 0 ? (
          <p className="mt-6 text-center text-gray-500">No invitations sent yet.</p>
        ) : (
          <>
            {/* A phone gets one card per invitation; the table from sm up. */}
            <ul aria-label="Invitations" className="mt-4 space-y-3 sm:hidden">
              {invitations.map((inv) => (
                <li key={inv.id} className="rounded-lg border border-gray-200 bg-white p-3 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium wrap-anywhere">{inv.email}</p>
                      {inv.fullName ? <p className="text-xs text-gray-500">{inv.fullName}</p> : null}
                    </div>
                    <InvitationStateBadge state={inv.state} />
                  </div>
                  <p className="mt-1 text-xs text-gray-600">
                    <span className="capitalize">{inv.role}</span> · sent {formatAdminDate(inv.createdAt)}
                    {inv.invitedByName ? ` by ${inv.invitedByName}` : ""}
                  </p>
                  <p className="text-xs text-gray-600">
                    {inv.state === "used" && inv.usedAt
                      ? `Used ${formatAdminDate(inv.usedAt)}`
                      : `Expires ${formatAdminDate(inv.expiresAt)}`}
                  </p>
                </li>
              ))}
            </ul>
            <div className="mt-4 hidden overflow-x-auto rounded-lg border bg-white sm:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-gray-50 text-xs uppercase text-gray-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Role
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Sent
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Expires
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {invitations.map((inv) => (
                    <tr key={inv.id}>
                      <td className="px-3 py-2">
                        <span className="block break-all font-medium">{inv.email}</span>
                        {inv.fullName ? <span className="block text-xs text-gray-500">{inv.fullName}</span> : null}
                      </td>
                      <td className="px-3 py-2 capitalize">{inv.role}</td>
                      <td className="px-3 py-2 text-xs text-gray-600">
                        {formatAdminDate(inv.createdAt)}
                        {inv.invitedByName ? <span className="block">by {inv.invitedByName}</span> : null}
                      </td>
                      <td className="px-3 py-2 text-xs text-gray-600">{formatAdminDate(inv.expiresAt)}</td>
                      <td className="px-3 py-2">
                        <InvitationStateBadge state={inv.state} />
                        {inv.state === "used" && inv.usedAt ? (
                          <span className="mt-1 block text-xs text-gray-600">{formatAdminDate(inv.usedAt)}</span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** An invitation's state, as the card (phone) and the table show it. */
function InvitationStateBadge({ state }: { state: InvitationState }) {
  return (
    <Badge variant={state === "pending" ? "warning" : state === "used" ? "success" : "secondary"}>
      {invitationStateLabel(state)}
    </Badge>
  );
}
