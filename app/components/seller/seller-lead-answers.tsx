/** The seller's answers to one lead, as the state map allows them: accept (confirm a viewing), decline, counter (propose another time). */
import { MoveButton, TermsForm } from "#app/components/requests/request-answer-forms.tsx";
import type { SellerLead } from "#app/domain/request/find-seller-leads.server.ts";

export function RequestAnswerButtons({ lead, today, action }: { lead: SellerLead; today: string; action?: string }) {
  if (lead.moves.length === 0) return null;
  const request = { kind: lead.kind, id: lead.id };
  const viewing = lead.kind === "viewing";
  return (
    <div className="mt-3 flex flex-wrap items-start gap-2">
      {lead.moves.includes("accept") ? (
        <MoveButton intent="accept-request" request={request} label={viewing ? "Confirm viewing" : "Accept"} action={action} />
      ) : null}
      {lead.moves.includes("decline") ? (
        <MoveButton intent="decline-request" request={request} label="Decline" variant="outline" action={action} />
      ) : null}
      {lead.moves.includes("counter") ? (
        <TermsForm
          intent="counter-request"
          request={request}
          summary={viewing ? "Propose another time" : "Counter"}
          submitLabel={viewing ? "Propose this time" : "Send counter offer"}
          today={today}
          action={action}
        />
      ) : null}
    </div>
  );
}
