/** "confirm-new-email": sent to the new address when a user changes their e-mail on /account; it takes effect only once confirmed. */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function confirmNewEmailEmail(data: { name: string; url: string }) {
  return layout({
    subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
    greeting: greetingFor(data.name),
    paragraphs: [
      `You asked to use this address for your ${PRODUCT_NAME} account.`,
      "Your account keeps its old address until you confirm this one. The link is valid for 24 hours. If you did not ask for this, ignore this e-mail.",
    ],
    action: { label: "Confirm my new e-mail", url: data.url },
  });
}
