/**
 * The pen-and-paper way to sign a mandate (the first one or a renewal): ask for the PDF by e-mail,
 * then upload it signed. The browser checks the file first (a PDF under the size limit); the server
 * checks it again.
 */
import { Form } from "react-router";
import { showActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { MAX_PDF_BYTES } from "#app/domain/mandate/mandate-terms.ts";
import { cn } from "#app/lib/utils.ts";

export function SignedPdfForms({
  what,
  pdfRequested,
  disabled,
  buttonClassName,
}: {
  what: "mandate" | "renewal";
  pdfRequested: boolean;
  disabled: boolean;
  buttonClassName?: string;
}) {
  return (
    <>
      <div className="border-t pt-4">
        <p className="text-sm text-gray-700">
          Prefer pen and paper? We e-mail you the {what} as a PDF to print and sign.
        </p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="request-pdf" />
          <Button type="submit" variant="outline" disabled={disabled} className={buttonClassName}>
            Request PDF to Sign
          </Button>
        </Form>
      </div>
      {pdfRequested ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-2 border-t pt-4"
          onSubmit={(e) => {
            const file = (e.currentTarget.elements.namedItem("signedPdf") as HTMLInputElement).files?.[0];
            if (!file || file.type !== "application/pdf") {
              e.preventDefault();
              showActionToast({ type: "error", title: "Invalid file", description: "Please upload a PDF file." });
            } else if (file.size >= MAX_PDF_BYTES) {
              e.preventDefault();
              showActionToast({
                type: "error",
                title: "File too large",
                description: "PDF file must be smaller than 10MB.",
              });
            }
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <Label htmlFor="signed-pdf">Signed {what} (PDF, under 10MB)</Label>
          <Input id="signed-pdf" name="signedPdf" type="file" accept="application/pdf,.pdf" />
          <Button type="submit" disabled={disabled} className={cn(buttonClassName)}>
            Submit Signed PDF
          </Button>
        </Form>
      ) : null}
    </>
  );
}
