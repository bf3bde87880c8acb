import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { RequestAsked } from "#app/components/requests/request-dialog.tsx";
import type { RequestableListing } from "#app/domain/request/find-user-requests.server.ts";
import type { RequestType } from "#app/domain/request/request-schemas.ts";

// The confirmation dialog is fetched when the buyer first reaches a request form.
const loadRequestDialog = () => import("#app/components/requests/request-dialog.tsx");
const RequestDialog = lazy(loadRequestDialog);

/**
 * A request form's confirmation: once the form passes its checks in the
 * browser, the dialog reads the request back (the chosen listing with its
 * price, the 2.5% buyer commission and the total, or the offered amount) and
 * only Confirm sends it, through the same action as before. Without
 * JavaScript the form posts directly.
 */
export function useRequestConfirmation(kind: RequestType, listings: RequestableListing[]) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [pending, setPending] = useState<{ formData: FormData; asked: RequestAsked; listingId?: string } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const started = useRef(false);

  // The dialog stays open, busy, until the answer is back; the form then shows it as before.
  useEffect(() => {
    if (!confirmed) return;
    if (navigation.state !== "idle") started.current = true;
    else if (started.current) {
      started.current = false;
      setConfirmed(false);
      setPending(null);
    }
  }, [confirmed, navigation.state]);

  // Conform calls this only once the form has passed its checks.
  const onSubmit = (
    event: FormEvent<HTMLFormElement>,
    context: { formData: FormData; submission?: { status?: string; value?: RequestAsked & { listingId?: string } } },
  ) => {
    const value = context.submission?.status === "success" ? context.submission.value : undefined;
    if (!value) return;
    event.preventDefault();
    setPending({ formData: context.formData, asked: value, listingId: value.listingId });
  };

  const listing = pending?.listingId ? (listings.find((l) => l.id === pending.listingId) ?? null) : null;
  const dialog = pending ? (
    <Suspense fallback={null}>
      <RequestDialog
        kind={kind}
        listing={listing}
        asked={pending.asked}
        busy={confirmed}
        onClose={() => setPending(null)}
        onConfirm={() => {
          setConfirmed(true);
          void submit(pending.formData, { method: "post", preventScrollReset: true });
        }}
      />
    </Suspense>
  ) : null;
  const preload = () => void loadRequestDialog();
  return { onSubmit, dialog, preload };
}
