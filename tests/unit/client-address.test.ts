/**
 * The client's address: the socket's peer unless TRUST_PROXY names the
 * proxies in front; a forged X-Forwarded-For (or a forged copy of the app's
 * own header) never changes it.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, trustProxySetting } from "../../server/client-address.js";

let close = () => {};
afterEach(() => close());

/** What the app would see as the client's address for a request with these headers. */
async function seenAddress(trustProxy: string | undefined, headers: Record<string, string>) {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.use(clientAddress);
  app.get("/", (req, res) => {
    res.json({ header: req.headers[CLIENT_ADDRESS_HEADER] ?? null });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
  return ((await res.json()) as { header: string | null }).header;
}

describe("client address", () => {
  const forged = { "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.8", [CLIENT_ADDRESS_HEADER]: "203.0.113.9" };

  it("without TRUST_PROXY: the socket's address, whatever the headers say", async () => {
    for (const setting of [undefined, "", "0", "false"]) expect(await seenAddress(setting, forged)).toBe("127.0.0.1");
  });

  it("with one trusted hop: the address that hop saw (the last one it appended)", async () => {
    expect(await seenAddress("1", { "x-forwarded-for": "198.51.100.1, 203.0.113.7" })).toBe("203.0.113.7");
  });

  it("with the proxy's address named: trusted only when the request comes from it", async () => {
    expect(await seenAddress("loopback", { "x-forwarded-for": "203.0.113.7" })).toBe("203.0.113.7");
    expect(await seenAddress("10.0.0.0/8", { "x-forwarded-for": "203.0.113.7" })).toBe("127.0.0.1");
  });

  it("refuses settings that would trust anyone, and typos", () => {
    expect(() => trustProxySetting("true")).toThrow(/TRUST_PROXY/);
    expect(() => trustProxySetting("loopbak")).toThrow(/TRUST_PROXY/);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("10.0.0.1, 10.0.0.2")).toEqual(["10.0.0.1", "10.0.0.2"]);
  });
});
