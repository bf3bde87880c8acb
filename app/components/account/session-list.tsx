import { Monitor, Smartphone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formatDateTime } from "#app/lib/format.ts";

type SessionRow = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: Date | string;
  lastActiveAt: Date | string;
  current: boolean;
};

const PHONES = /Android|iPhone|iPad/;

/** The user's sessions: this device first, each other one with its own "Sign out", then "Sign out everywhere else". */
export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-gray-200 rounded-md border border-gray-200" aria-label="Sessions">
        {sessions.map((s) => {
          const Icon = PHONES.test(s.device) ? Smartphone : Monitor;
          const busy = sending?.get("intent") === "sign-out-session" && sending.get("sessionId") === s.id;
          return (
            <li key={s.id} className="flex gap-3 p-3">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-gray-500" />
              {/* On a phone the button goes under the details, so they keep the row's width. */}
              <div className="min-w-0 flex-1 sm:flex sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    {s.device}
                    {s.current ? <Badge variant="success">This device</Badge> : null}
                  </p>
                  <p className="wrap-anywhere text-gray-600">IP address {s.ipAddress ?? "unknown"}</p>
                  <p className="text-gray-600">Signed in {formatDateTime(s.signedInAt)}</p>
                  <p className="text-gray-600">Last active {formatDateTime(s.lastActiveAt)}</p>
                </div>
                {s.current ? null : (
                  <Form method="post" className="mt-2 sm:mt-0 sm:shrink-0">
                    <input type="hidden" name="intent" value="sign-out-session" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="outline"
                      disabled={Boolean(sending)}
                      aria-label={`Sign out ${s.device}, signed in ${formatDateTime(s.signedInAt)}`}
                    >
                      {busy ? "Signing out..." : "Sign out"}
                    </Button>
                  </Form>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="destructive" disabled={Boolean(sending)}>
            {sending?.get("intent") === "sign-out-others" ? "Signing out..." : "Sign out everywhere else"}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-gray-600">You are signed in on this device only.</p>
      )}
    </div>
  );
}
