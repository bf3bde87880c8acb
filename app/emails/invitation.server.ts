/**
 * "send-invitation": an admin's invitation to sign up as a buyer or a seller
 * (email, fullName, role, customMessage), with the one-time link and
 * how many days it stays valid.
 */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function invitationEmail(data: {
  fullName?: string | null;
  role: "buyer" | "seller";
  customMessage?: string | null;
  url: string;
  validDays: number;
}) {
  const article = data.role === "buyer" ? "a buyer" : "a seller";
  return layout({
    subject: `You're invited to join ${PRODUCT_NAME}`,
    greeting: greetingFor(data.fullName),
    paragraphs: [
      `You have been invited to join ${PRODUCT_NAME}, South Africa's marketplace for heavy machinery and industrial equipment, as ${article}.`,
      ...(data.customMessage ? [`A message from our team: ${data.customMessage}`] : []),
      `Use the link below to set your password and complete your account. It is valid for ${data.validDays} days and can be used once.`,
    ],
    action: { label: "Accept your invitation", url: data.url },
  });
}
