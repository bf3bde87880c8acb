/**
 * "password-changed-notice": to the account's address once its password was changed on /account or set
 * anew from a reset link, so that a change the owner did not make does not go unnoticed.
 */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { CONTACT_DETAILS } from "#app/lib/company.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function passwordChangedNoticeEmail(data: { name: string; changedAt: string; how: "changed" | "reset" }) {
  return layout({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    greeting: greetingFor(data.name),
    paragraphs: [
      data.how === "reset"
        ? `The password of your ${PRODUCT_NAME} account was set anew from a reset link on ${data.changedAt}.`
        : `The password of your ${PRODUCT_NAME} account was changed on your account page on ${data.changedAt}.`,
      "Every other device was signed out. If this was you, there is nothing more to do.",
      `If this was not you, reset your password from the Sign In page ("Forgot password?") and contact us straight away at ${CONTACT_DETAILS.email} or ${CONTACT_DETAILS.phone} (${CONTACT_DETAILS.hours}).`,
    ],
  });
}
