import { describe, expect, it } from "vitest";
import { invitationState, invitationStateLabel, isInvitationUsable } from "./invitation-state.ts";

const now = new Date("2025-03-10T12:00:00Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const DAY = 86_400_000;

describe("invitation state (valid only while unused and not expired)", () => {
  it("is pending while unused and before its expiry", () => {
    expect(invitationState({ used: false, expiresAt: at(7 * DAY) }, now)).toBe("pending");
    expect(invitationState({ used: false, expiresAt: at(1) }, now)).toBe("pending");
    expect(isInvitationUsable({ used: false, expiresAt: at(DAY) }, now)).toBe(true);
  });

  it("is still valid at the exact expiry instant (expires_at at or after now), expired a millisecond later", () => {
    expect(invitationState({ used: false, expiresAt: now }, now)).toBe("pending");
    expect(invitationState({ used: false, expiresAt: at(-1) }, now)).toBe("expired");
    expect(isInvitationUsable({ used: false, expiresAt: at(-DAY) }, now)).toBe(false);
  });

  it("works once: a used invitation is used, expired or not", () => {
    expect(invitationState({ used: true, expiresAt: at(DAY) }, now)).toBe("used");
    expect(invitationState({ used: true, expiresAt: at(-DAY) }, now)).toBe("used");
    expect(isInvitationUsable({ used: true, expiresAt: at(DAY) }, now)).toBe(false);
  });

  it("is replaced once a newer invitation to the address took its place; used still wins", () => {
    expect(invitationState({ used: false, expiresAt: at(-1), replaced: true }, now)).toBe("replaced");
    expect(invitationState({ used: false, expiresAt: at(DAY), replaced: true }, now)).toBe("replaced");
    expect(invitationState({ used: true, expiresAt: at(-1), replaced: true }, now)).toBe("used");
    expect(isInvitationUsable({ used: false, expiresAt: at(DAY), replaced: true }, now)).toBe(false);
  });

  it("reads dates that arrive as strings (serialized loader data)", () => {
    expect(invitationState({ used: false, expiresAt: at(DAY).toISOString() }, now)).toBe("pending");
    expect(invitationState({ used: false, expiresAt: at(-DAY).toISOString() }, now)).toBe("expired");
  });

  it("a 7-day invitation expires after 7 days", () => {
    const sent = now;
    const expiresAt = new Date(sent.getTime() + 7 * DAY);
    expect(invitationState({ used: false, expiresAt }, new Date(sent.getTime() + 7 * DAY - 1000))).toBe("pending");
    expect(invitationState({ used: false, expiresAt }, new Date(sent.getTime() + 7 * DAY + 1000))).toBe("expired");
  });

  it("labels the admin list", () => {
    expect(invitationStateLabel("pending")).toBe("Pending");
    expect(invitationStateLabel("used")).toBe("Used");
    expect(invitationStateLabel("expired")).toBe("Expired");
    expect(invitationStateLabel("replaced")).toBe("Replaced");
  });
});
