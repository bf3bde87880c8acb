/** "reset-password": a password reset link (the sign-in page's form or the admin's tool). */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function passwordResetEmail(data: { name: string; url: string }) {
  return layout({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: greetingFor(data.name),
    paragraphs: [
      "We received a request to reset your password.",
      "The link is valid for one hour and can be used once. If you did not ask for this, you can ignore this e-mail.",
    ],
    action: { label: "Reset my password", url: data.url },
  });
}
