import { describe, expect, it } from "vitest";
import { agreementConfirmationEmail } from "./agreement-confirmation.server.ts";
import { listingNotificationEmail } from "./listing-notification.server.ts";
import { verifyEmailEmail } from "./verify-email.server.ts";

const PAYLOAD = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`;

describe("e-mails keep user text inert", () => {
  it("escapes a listing title in the HTML part and keeps it as typed in the text part", () => {
    const mail = listingNotificationEmail({
      title: PAYLOAD,
      status: "approved",
      url: "https://x.test/seller-dashboard",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain(PAYLOAD);
  });

  it("escapes names and titles in the other templates, and quotes inside link URLs", () => {
    const verify = verifyEmailEmail({ name: PAYLOAD, url: `https://x.test/verify?token="><script>` });
    expect(verify.html).not.toMatch(/<script>|<img src=x|href="https:\/\/x\.test\/verify\?token="><script>/);
    const agreement = agreementConfirmationEmail({ listingTitle: PAYLOAD, signatureMethod: "checkbox" });
    expect(agreement.html).not.toMatch(/<script>|<img src=x/);
  });
});
