/** "verify-email": the link that confirms a new account's address (sign-up, resend, better-auth). */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function verifyEmailEmail(data: { name: string; url: string }) {
  return layout({
    subject: `Confirm your ${PRODUCT_NAME} account`,
    greeting: greetingFor(data.name),
    paragraphs: [
      `Thank you for registering with ${PRODUCT_NAME}.`,
      "Please confirm your e-mail address to activate your account. The link is valid for 24 hours.",
    ],
    action: { label: "Confirm my e-mail", url: data.url },
  });
}
