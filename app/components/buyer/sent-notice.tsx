import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import type { BuyerAnswer } from "./buyer-answer.ts";

/** The success of the form last sent, said where the form is (the toast says it too). */
export function SentNotice({ answer, intent }: { answer: BuyerAnswer; intent: string }) {
  if (answer?.intent !== intent || !answer.sent || !answer.toast) return null;
  return (
    <Alert variant="success" role="status" className="mb-4">
      <AlertTitle>{answer.toast.title}</AlertTitle>
      {answer.toast.description ? <AlertDescription>{answer.toast.description}</AlertDescription> : null}
    </Alert>
  );
}
