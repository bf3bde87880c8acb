/**
 * /account/delete: what goes and what is kept (docs/privacy.md#deleting-your-account), then the
 * form — the password (unless the account signs in only with Google), with two-factor sign-in on a
 * code from the app or a backup code, and the phrase `DELETE <e-mail>` (what to type is said under
 * the field). With JavaScript the button stays disabled until the phrase matches; without, the
 * server checks it the same way and says what it expected.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TwoFactorCodeField } from "#app/components/account/two-factor-fields.tsx";
import { FieldError, FormError } from "#app/components/forms/field.tsx";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import {
  DELETE_OWN_PHRASE_HINT,
  DeleteOwnAccountSchema,
  deleteConfirmationPhrase,
  deleteOwnPhraseMismatch,
  isDeleteConfirmation,
} from "#app/domain/user/delete-user-phrase.ts";

export type DeletionFacts = {
  email: string;
  hasPassword: boolean;
  twoFactorEnabled: boolean;
  listings: number;
  completedSales: number;
  isLastAdmin: boolean;
};

export function DeletionSummary({ facts }: { facts: DeletionFacts }) {
  return (
    <div className="space-y-4">
      <section aria-labelledby="goes-heading" className="rounded-lg border border-red-200 bg-red-50 p-4 sm:p-6">
        <h2 id="goes-heading" className="text-lg font-semibold text-red-900">
          What is deleted, at once and for good
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-950">
          <li>Your account, profile and ways of signing in; you are signed out everywhere.</li>
          {facts.listings ? (
            <li>
              {facts.listings === 1
                ? "Your listing with its photos, views and the purchase requests made on it."
                : `Your ${facts.listings} listings with their photos, views and the purchase requests made on them.`}
            </li>
          ) : null}
          <li>Your requests, offers and purchase requests, watchlist, saved searches, alerts and notifications.</li>
          <li>Your verification documents and any copy of your data waiting to be downloaded.</li>
          <li>The messages and feedback you sent us, and our copies of the e-mails we sent you.</li>
        </ul>
      </section>
      <section aria-labelledby="kept-heading" className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="kept-heading" className="text-lg font-semibold">
          What is kept
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
          {facts.completedSales ? (
            <li>
              The signed{" "}
              {facts.completedSales === 1
                ? "mandate of the machine"
                : `mandates of the ${facts.completedSales} machines`}{" "}
              you sold: without your name, e-mail, IP address or signed PDF, for five years, because tax law (the Tax
              Administration Act) requires the records of a sale to be kept. Then{" "}
              {facts.completedSales === 1 ? "it is" : "they are"} deleted.
            </li>
          ) : null}
          <li>
            Our audit records note that an account was deleted, by its number and role only: not your name or e-mail.
          </li>
          {facts.listings ? (
            <li>Buyers keep their own offers and requests about your machines, without the machine.</li>
          ) : null}
        </ul>
        <p className="mt-3 text-sm text-gray-700">
          Want a copy first?{" "}
          <Link to="/account/data" className="text-brand-700 underline underline-offset-2">
            Download my data
          </Link>{" "}
          before you delete your account: afterwards there is nothing left to download.
        </p>
      </section>
    </div>
  );
}

export function DeleteAccountForm({
  facts,
  lastResult,
}: {
  facts: DeletionFacts;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const phrase = deleteConfirmationPhrase(facts.email);
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteOwnAccountSchema }),
    shouldValidate: "onSubmit",
  });
  // The phrase comes back with a refused attempt (a wrong password): the button knows it matches.
  const initial = typeof fields.confirmation.initialValue === "string" ? fields.confirmation.initialValue : "";
  const [typed, setTyped] = useState(initial);
  useEffect(() => setTyped(initial), [initial]);
  const confirmation = getInputProps(fields.confirmation, { type: "text", ariaAttributes: true });
  const password = getInputProps(fields.password, { type: "password", ariaAttributes: true });
  const matches = isDeleteConfirmation(typed, facts.email);
  // Said as soon as the phrase cannot match any more (as long as it, or left), not while it is being typed.
  const [left, setLeft] = useState(false);
  const mismatch =
    hydrated && typed !== "" && !matches && (left || typed.length >= phrase.length || !phrase.startsWith(typed));

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="delete" />
      <h2 className="text-lg font-semibold">Delete my account</h2>
      <FormError errors={form.errors} />
      {facts.hasPassword ? (
        <div className="space-y-1.5">
          <Label htmlFor={fields.password.id}>Your password</Label>
          <Input {...password} key={password.key} autoComplete="current-password" />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
      ) : (
        <p className="text-sm text-gray-700">You sign in with Google, so the phrase below is all we ask.</p>
      )}
      {facts.twoFactorEnabled ? (
        <TwoFactorCodeField
          field={fields.code as never}
          kind="either"
          label="Code from your authenticator app, or a backup code"
          hint="Two-factor sign-in is on for this account, so deleting it takes a code too."
        />
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={fields.confirmation.id} className="block leading-normal">
          Type <code className="rounded bg-gray-100 px-1 font-mono text-red-700 break-all">{phrase}</code> to confirm
        </Label>
        <Input
          {...confirmation}
          key={confirmation.key}
          aria-describedby={[confirmation["aria-describedby"], `${fields.confirmation.id}-hint`]
            .filter(Boolean)
            .join(" ")}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => {
            setTyped(event.target.value);
            setLeft(false);
          }}
          onBlur={() => setLeft(true)}
        />
        <p id={`${fields.confirmation.id}-hint`} className="text-sm text-gray-600">
          {DELETE_OWN_PHRASE_HINT}
        </p>
        {mismatch && !fields.confirmation.errors?.length ? (
          <p role="status" className="text-sm text-red-600 break-words">
            {deleteOwnPhraseMismatch(facts.email)}
          </p>
        ) : null}
        <FieldError id={fields.confirmation.errorId} errors={fields.confirmation.errors} />
      </div>
      <Button
        type="submit"
        variant="destructive"
        className="w-full sm:w-auto"
        disabled={busy || (hydrated && !matches)}
      >
        {busy ? "Deleting…" : "Delete my account"}
      </Button>
    </Form>
  );
}
