/**
 * Every e-mail template, rendered from sample data: a subject, the main link
 * or sentence in the HTML, a plain-text part without tags that writes the
 * link out, and user text escaped in the HTML. A template added to the
 * registry without a sample here fails the first test (and the typecheck).
 */
import { describe, expect, it } from "vitest";
import { composeEmail, EMAIL_TEMPLATES, type EmailData, type EmailTemplate } from "#app/emails/templates.server.ts";
import { escapeHtml } from "#app/emails/layout.server.ts";

/** Typed by a user (a name, a title, a message): must reach the HTML only as text. */
const USER_TEXT = `<script>alert(1)</script><img src=x onerror=alert(2)> "Bobcat" & Sons`;

type Sample<T extends EmailTemplate> = {
  data: EmailData<T>;
  /** What the message is for: in both parts. */
  main: string;
  /** Its link, if it has one: the HTML's button and written out in the text part. */
  link?: string;
};

const SAMPLES: { [T in EmailTemplate]: Sample<T> } = {
  "verify-email": {
    data: { name: USER_TEXT, url: "https://dealequip.example/api/auth/verify-email?token=abc&callbackURL=%2F" },
    main: "Please confirm your e-mail address to activate your account.",
    link: "https://dealequip.example/api/auth/verify-email?token=abc&callbackURL=%2F",
  },
  "reset-password": {
    data: { name: USER_TEXT, url: "https://dealequip.example/reset-password/abc?callbackURL=%2Freset" },
    main: "We received a request to reset your password.",
    link: "https://dealequip.example/reset-password/abc?callbackURL=%2Freset",
  },
  "send-agreement-confirmation": {
    data: { listingTitle: USER_TEXT, signatureMethod: "checkbox" },
    main: "has been recorded (signed electronically).",
  },
  "send-agreement-pdf": {
    data: {
      listingTitle: USER_TEXT,
      pdf: new TextEncoder().encode("%PDF-1.7 sample"),
      url: "https://dealequip.example/seller/mandate/00000000-0000-4000-8000-000000000001",
    },
    main: "Please print it, sign it, scan it as a PDF and upload it on the listing's mandate page.",
    link: "https://dealequip.example/seller/mandate/00000000-0000-4000-8000-000000000001",
  },
  "send-revision-decision": {
    data: { title: USER_TEXT, approved: false, url: "https://dealequip.example/seller-dashboard", reason: USER_TEXT },
    main: "Buyers keep seeing the approved version.",
    link: "https://dealequip.example/seller-dashboard",
  },
  "send-listing-notification": {
    data: {
      title: USER_TEXT,
      status: "rejected",
      reason: "Photos unclear",
      url: "https://dealequip.example/seller-dashboard",
    },
    main: "was rejected by our team.",
    link: "https://dealequip.example/seller-dashboard",
  },
  "send-request-receipt": {
    data: {
      name: USER_TEXT,
      kind: "offer",
      listingTitle: USER_TEXT,
      details: ["You made an offer on this listing."],
      amounts: {
        label: "Your offer",
        amount: "R 400 000",
        commission: "R 10 000",
        vat: "R 60 000",
        total: "R 470 000",
      },
      message: USER_TEXT,
      url: "https://dealequip.example/buyer-dashboard",
    },
    main: "We received your offer for",
    link: "https://dealequip.example/buyer-dashboard",
  },
  "send-request-update": {
    data: {
      name: USER_TEXT,
      summary: `The seller countered your offer for "${USER_TEXT}".`,
      details: ["Counter offer: R 1 150 000"],
      message: USER_TEXT,
      url: "https://dealequip.example/buyer-dashboard",
      actionLabel: "Answer on your buyer dashboard",
    },
    main: "The seller countered your offer for",
    link: "https://dealequip.example/buyer-dashboard",
  },
  "send-invitation": {
    data: {
      fullName: USER_TEXT,
      role: "seller",
      customMessage: USER_TEXT,
      url: "https://dealequip.example/signup?invitation=abc",
      validDays: 7,
    },
    main: "It is valid for 7 days and can be used once.",
    link: "https://dealequip.example/signup?invitation=abc",
  },
  "send-expiry-reminder": {
    data: {
      listingTitle: USER_TEXT,
      expiresOn: "3 December 2026",
      days: 7,
      url: "https://dealequip.example/seller/renew/00000000-0000-4000-8000-000000000001",
    },
    main: "Renew the mandate for another 90 days to keep it on the market without a gap",
    link: "https://dealequip.example/seller/renew/00000000-0000-4000-8000-000000000001",
  },
  "send-search-alert": {
    data: {
      searchName: USER_TEXT,
      digest: "daily",
      items: [
        {
          title: USER_TEXT,
          details: "2019 · 4,200 h",
          price: "R 1 250 000",
          url: "https://dealequip.example/listing/00000000-0000-4000-8000-000000000001",
          imageUrl: "https://dealequip.example/media/listings/x-card.webp",
        },
      ],
      more: 21,
      searchUrl: "https://dealequip.example/saved-searches/00000000-0000-4000-8000-000000000002/open",
      manageUrl: "https://dealequip.example/saved-searches",
      unsubscribeUrl: "https://dealequip.example/unsubscribe/abc.def",
    },
    main: "…and 21 more: see them all on the search's page.",
    link: "https://dealequip.example/saved-searches/00000000-0000-4000-8000-000000000002/open",
  },
  "send-price-drop-alert": {
    data: {
      items: [
        {
          title: USER_TEXT,
          details: "2019 · 4,200 h",
          price: "R 1 100 000",
          note: "was R 1 250 000",
          url: "https://dealequip.example/listing/00000000-0000-4000-8000-000000000001",
          imageUrl: null,
        },
      ],
      watchlistUrl: "https://dealequip.example/watchlist",
      manageUrl: "https://dealequip.example/saved-searches",
      unsubscribeUrl: "https://dealequip.example/unsubscribe/abc.def",
    },
    main: "A machine on your watchlist is cheaper now:",
    link: "https://dealequip.example/watchlist",
  },
  "confirm-new-email": {
    data: { name: USER_TEXT, url: "https://dealequip.example/api/auth/verify-email?token=abc&callbackURL=%2Faccount" },
    main: "Your account keeps its old address until you confirm this one.",
    link: "https://dealequip.example/api/auth/verify-email?token=abc&callbackURL=%2Faccount",
  },
  "email-changed-notice": {
    data: { name: USER_TEXT, newEmail: "thandi.new@example.co.za", changedOn: "27 November 2026" },
    main: "Your e-mail address on DealEquip was changed to thandi.new@example.co.za on 27 November 2026.",
  },
  "password-changed-notice": {
    data: { name: USER_TEXT, changedAt: "27 November 2026 at 14:05", how: "changed" },
    main: "The password of your DealEquip account was changed on your account page on 27 November 2026 at 14:05.",
  },
  "send-verification-decision": {
    data: {
      name: USER_TEXT,
      verified: false,
      reason: USER_TEXT,
      url: "https://dealequip.example/account/verification",
    },
    main: "Our team could not verify you from the documents you sent.",
    link: "https://dealequip.example/account/verification",
  },
  "send-data-export-ready": {
    data: { name: USER_TEXT, url: "https://dealequip.example/account/data", expiresAt: "27 Nov 2026, 14:00" },
    main: "The copy of your data that you asked for is ready.",
    link: "https://dealequip.example/account/data",
  },
};

const names = Object.keys(SAMPLES) as EmailTemplate[];

describe("e-mail templates", () => {
  it("have a sample here for every template in the registry", () => {
    expect([...names].sort()).toEqual(Object.keys(EMAIL_TEMPLATES).sort());
  });

  it("give alerts a one-click unsubscribe: the link in both parts and the List-Unsubscribe headers", () => {
    for (const name of ["send-search-alert", "send-price-drop-alert"] as const) {
      const mail = composeEmail(name, "b@example.co.za", SAMPLES[name].data as never);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": "<https://dealequip.example/unsubscribe/abc.def>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(mail.html).toContain('href="https://dealequip.example/unsubscribe/abc.def"');
      expect(mail.text).toContain("https://dealequip.example/unsubscribe/abc.def");
    }
    expect(
      composeEmail("send-expiry-reminder", "s@example.co.za", SAMPLES["send-expiry-reminder"].data).headers,
    ).toBeUndefined();
  });

  describe.each(names)("%s", (name) => {
    const sample = SAMPLES[name] as Sample<EmailTemplate>;
    const mail = composeEmail(name, "Buyer@Example.co.za", sample.data as never);

    it("is addressed and named for the outbox", () => {
      expect(mail.to).toBe("Buyer@Example.co.za");
      expect(mail.template).toBe(name);
    });

    it("has a subject", () => {
      expect(mail.subject.trim()).not.toBe("");
    });

    it("says what it is for in the HTML, with its link", () => {
      expect(mail.html).toContain(escapeHtml(sample.main));
      if (sample.link) expect(mail.html).toContain(`href="${escapeHtml(sample.link)}"`);
    });

    it("has a plain-text part without tags that writes the link out", () => {
      expect(mail.text.trim()).not.toBe("");
      expect(mail.text).toContain(sample.main);
      if (sample.link) expect(mail.text).toContain(sample.link);
      // The user's own text is the only "<" the text part may hold.
      expect(mail.text.split(USER_TEXT).join("")).not.toMatch(/<\/?[a-z!][^>]*>/i);
    });

    it("escapes the user's text in the HTML", () => {
      expect(mail.html).toContain(escapeHtml(USER_TEXT));
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img src=x");
    });
  });
});
