/**
 * "email-changed-notice": to the old address once an e-mail change has taken effect (the new address was
 * confirmed from its own inbox), so that a change the owner did not make does not go unnoticed.
 */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { CONTACT_DETAILS } from "#app/lib/company.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function emailChangedNoticeEmail(data: { name: string; newEmail: string; changedOn: string }) {
  return layout({
    subject: `Your ${PRODUCT_NAME} e-mail address was changed`,
    greeting: greetingFor(data.name),
    paragraphs: [
      `Your e-mail address on ${PRODUCT_NAME} was changed to ${data.newEmail} on ${data.changedOn}.`,
      "From now on you sign in with the new address and we write to it. This address no longer signs in to your account.",
      `If this was not you, contact us straight away at ${CONTACT_DETAILS.email} or ${CONTACT_DETAILS.phone} (${CONTACT_DETAILS.hours}).`,
    ],
  });
}
