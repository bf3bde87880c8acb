import { BellOff, BellRing, FileCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import {
  ALERT_FREQUENCY_LABELS,
  CONSENT_PURPOSE_LABELS,
  type AlertFrequency,
  type ConsentPurpose,
} from "#db/vocabulary.ts";

type Entry = { purpose: ConsentPurpose; granted: boolean; detail: string; source: string; recordedAt: Date | string };

type Consents = {
  terms: Entry[];
  searchAlerts: { stopped: boolean; searches: { name: string; frequency: AlertFrequency }[]; last: Entry | null };
  watchlistAlerts: { stopped: boolean; frequency: AlertFrequency; last: Entry | null };
  history: Entry[];
};

/** When and where a consent was given or withdrawn, in words. */
function WhenWhere({ entry }: { entry: Entry }) {
  return (
    <p className="text-xs text-gray-600">
      {entry.granted ? "Given" : "Withdrawn"} {formatDateTime(entry.recordedAt)} · {entry.source}
    </p>
  );
}

function Withdraw({ intent, label }: { intent: string; label: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="sm" variant="outline" disabled={Boolean(sending)}>
        {sending?.get("intent") === intent ? "Saving..." : label}
      </Button>
    </Form>
  );
}

function Item({
  title,
  state,
  on,
  children,
}: {
  title: string;
  state: string;
  on: boolean;
  children: React.ReactNode;
}) {
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          {on ? (
            <BellRing aria-hidden className="size-4 text-brand-700" />
          ) : (
            <BellOff aria-hidden className="size-4 text-gray-500" />
          )}
          {title}
        </h3>
        <Badge variant={on ? "success" : "secondary"}>{state}</Badge>
      </div>
      {children}
    </li>
  );
}

/**
 * What the user has agreed to: the terms accepted at sign-up, and (buyers) saved-search and watchlist
 * alerts, each with when and where; alerts can be withdrawn here, the terms by deleting the account.
 */
export function ConsentList({ consents, isBuyer }: { consents: Consents; isBuyer: boolean }) {
  const { terms, searchAlerts, watchlistAlerts, history } = consents;
  const searchesOn = !searchAlerts.stopped && searchAlerts.searches.length > 0;
  const watchlistOn = !watchlistAlerts.stopped && watchlistAlerts.frequency !== "off";
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-gray-200 rounded-md border border-gray-200">
        <li className="space-y-2 p-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
            <FileCheck aria-hidden className="size-4 text-brand-700" />
            {CONSENT_PURPOSE_LABELS.terms}
          </h3>
          {terms.length ? (
            terms.map((t) => (
              <div key={t.detail}>
                <p className="break-words text-sm text-gray-700">Accepted: {t.detail}</p>
                <WhenWhere entry={t} />
              </div>
            ))
          ) : (
            <p className="text-sm text-gray-700">
              Accepted when you created your account; we have no dated record of it.
            </p>
          )}
          <p className="text-sm text-gray-700">
            Read the{" "}
            <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
              terms of use
            </Link>{" "}
            and the{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
              privacy policy
            </Link>
            . To withdraw,{" "}
            <Link to="/account/delete" className="font-medium text-brand-700 underline underline-offset-2">
              delete your account
            </Link>
            .
          </p>
        </li>
        {isBuyer ? (
          <>
            <Item
              title={CONSENT_PURPOSE_LABELS.search_alerts}
              on={searchesOn}
              state={searchAlerts.stopped ? "Stopped" : searchesOn ? "On" : "Off"}
            >
              {searchAlerts.stopped ? (
                <p className="text-sm text-gray-700">All alerts are stopped: no saved search alerts you.</p>
              ) : searchesOn ? (
                <ul className="list-disc space-y-0.5 pl-5 text-sm text-gray-700">
                  {searchAlerts.searches.map((s, i) => (
                    <li key={i} className="break-words">
                      {s.name}: {ALERT_FREQUENCY_LABELS[s.frequency].toLowerCase()}, by e-mail and in your notifications
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-gray-700">No saved search alerts you.</p>
              )}
              {searchAlerts.last ? (
                <div>
                  <p className="break-words text-xs text-gray-700">Last change: {searchAlerts.last.detail}</p>
                  <WhenWhere entry={searchAlerts.last} />
                </div>
              ) : null}
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                {searchesOn || watchlistOn ? <Withdraw intent="stop-all-alerts" label="Stop all alerts" /> : null}
                <Link to="/saved-searches" className="text-sm font-medium text-brand-700 underline underline-offset-2">
                  Manage saved searches
                </Link>
              </div>
            </Item>
            <Item
              title={CONSENT_PURPOSE_LABELS.watchlist_alerts}
              on={watchlistOn}
              state={watchlistAlerts.stopped ? "Stopped" : watchlistOn ? "On" : "Off"}
            >
              <p className="text-sm text-gray-700">
                {watchlistAlerts.stopped
                  ? "All alerts are stopped: price drops are shown on your watchlist only."
                  : watchlistOn
                    ? `${ALERT_FREQUENCY_LABELS[watchlistAlerts.frequency]}, by e-mail and in your notifications, when a machine on your watchlist gets cheaper.`
                    : "Off: price drops are shown on your watchlist only."}
              </p>
              {watchlistAlerts.last ? <WhenWhere entry={watchlistAlerts.last} /> : null}
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                {watchlistAlerts.frequency !== "off" ? (
                  <Withdraw intent="watchlist-alerts-off" label="Turn off price-drop alerts" />
                ) : null}
                <Link to="/watchlist" className="text-sm font-medium text-brand-700 underline underline-offset-2">
                  Watchlist
                </Link>
              </div>
            </Item>
          </>
        ) : null}
      </ul>
      {history.length ? (
        <details className="rounded-md border border-gray-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            Every consent you gave or withdrew
          </summary>
          <ol className="mt-3 space-y-3">
            {history.map((c, i) => (
              <li key={i} className="text-sm">
                <p className="font-medium text-gray-900">
                  {CONSENT_PURPOSE_LABELS[c.purpose]}: {c.granted ? "given" : "withdrawn"}
                </p>
                <p className="break-words text-gray-700">{c.detail}</p>
                <WhenWhere entry={c} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
