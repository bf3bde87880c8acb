import { describe, expect, it } from "vitest";
import { signUnsubscribe, verifyUnsubscribe } from "./unsubscribe-token.server.ts";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const ID = "0a4774fe-cd02-4d9f-ab65-3f7767727719";

describe("unsubscribe tokens", () => {
  it("name what they stop: one saved search, or a user's price-drop alerts", () => {
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, { kind: "search", id: ID }))).toEqual({
      kind: "search",
      id: ID,
    });
    const user = "Xy7_better-auth.id";
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, { kind: "watchlist", userId: user }))).toEqual({
      kind: "watchlist",
      userId: user,
    });
  });

  it("refuse any change: a character of the signature or the payload, another secret, another shape", () => {
    const token = signUnsubscribe(SECRET, { kind: "search", id: ID });
    const at = token.lastIndexOf(".");
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "a" ? "b" : "a") + s.slice(i + 1);
    expect(verifyUnsubscribe(SECRET, flip(token, token.length - 1))).toBeNull();
    expect(verifyUnsubscribe(SECRET, flip(token, 5))).toBeNull();
    expect(verifyUnsubscribe(SECRET, `w${token.slice(1)}`)).toBeNull();
    expect(verifyUnsubscribe("another-secret-that-is-long-enough-0123456789", token)).toBeNull();
    expect(verifyUnsubscribe(SECRET, token.slice(0, at))).toBeNull();
    expect(verifyUnsubscribe(SECRET, "")).toBeNull();
    expect(verifyUnsubscribe(SECRET, "x".repeat(400))).toBeNull();
  });
});
