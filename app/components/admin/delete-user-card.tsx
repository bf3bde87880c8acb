import { useRef, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { deleteConfirmationPhrase, isDeleteConfirmation } from "#app/domain/user/delete-user-phrase.ts";

/** The "Delete user" card: the admin's own account cannot be deleted. */
export function DeleteUserCard({
  email,
  isSelf,
  busy,
  error,
}: {
  email: string;
  isSelf: boolean;
  busy: boolean;
  error?: string;
}) {
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>
          <h3>Delete user</h3>
        </CardTitle>
        <CardDescription>
          Deletes the account and all its data: profile, listings with their photos and mandates, purchase requests,
          offers, notifications, favourites and feedback. The mandates of completed sales are kept anonymised for five
          years. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isSelf ? (
          <p className="text-sm text-gray-600">
            You cannot delete your own account. To delete it, use{" "}
            <a href="/account/delete" className="underline">
              Delete my account
            </a>
            .
          </p>
        ) : (
          <DeleteUser email={email} busy={busy} error={error} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * With JavaScript: a dialog whose confirm button stays disabled until the
 * exact phrase is typed. Without: the same field in a plain form (the server
 * checks the phrase either way).
 */
function DeleteUser({ email, busy, error }: { email: string; busy: boolean; error?: string }) {
  const hydrated = useHydrated();
  const phrase = deleteConfirmationPhrase(email);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const label = (
    <>
      Type <code className="rounded bg-gray-100 px-1 font-mono text-red-700 break-all">{phrase}</code> to confirm
    </>
  );
  const fieldProps = {
    name: "confirmation",
    autoComplete: "off",
    autoCapitalize: "off",
    autoCorrect: "off",
    spellCheck: false,
  } as const;

  if (!hydrated) {
    return (
      <Form method="post" className="max-w-lg space-y-3">
        <input type="hidden" name="intent" value="delete" />
        <Label htmlFor="delete-confirmation-plain" className="block leading-normal">
          {label}
        </Label>
        <Input id="delete-confirmation-plain" {...fieldProps} required />
        <Button type="submit" variant="destructive">
          Delete User
        </Button>
      </Form>
    );
  }

  const matches = isDeleteConfirmation(typed, email);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete User</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this user?</AlertDialogTitle>
            <AlertDialogDescription>
              {email} and all their data will be deleted permanently. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="mt-4 space-y-2">
            <Label htmlFor="delete-confirmation" className="block leading-normal">
              {label}
            </Label>
            <Input
              id="delete-confirmation"
              ref={inputRef}
              {...fieldProps}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "delete-confirmation-error" : undefined}
            />
            {error ? (
              <p id="delete-confirmation-error" role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              {busy ? "Deleting..." : "Delete User"}
            </Button>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
