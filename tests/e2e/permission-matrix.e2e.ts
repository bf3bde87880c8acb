import { expect, test } from "@playwright/test";
import { PERMISSION_MATRIX, type Persona } from "./permission-matrix.ts";
import { clientFor } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

const personas: Persona[] = ["visitor", "buyer", "seller", "admin"];

for (const persona of personas) {
  test(`permission matrix as ${persona}`, async () => {
    const client = await clientFor(persona);
    for (const row of PERMISSION_MATRIX) {
      const url = row.url ?? row.pattern;
      const expected = row.expect[persona];
      const where = `${persona} GET ${url}`;
      if (expected === "stream") {
        // An event stream never ends: read its headers with a raw fetch and stop.
        const cookies = (await client.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
        const abort = new AbortController();
        const res = await fetch(new URL(url, BASE_URL), { headers: { cookie: cookies }, redirect: "manual", signal: abort.signal });
        expect(res.status, where).toBe(200);
        expect(res.headers.get("content-type"), where).toContain("text/event-stream");
        abort.abort();
        continue;
      }
      const res = await client.get(url, { maxRedirects: 0 });
      if (expected === "ok") {
        expect(res.status(), where).toBe(200);
      } else if (expected === "404") {
        expect(res.status(), where).toBe(404);
      } else {
        expect([301, 302, 303, 307, 308], `${where} should redirect`).toContain(res.status());
        const location = new URL(res.headers()["location"] ?? "", "http://x").pathname;
        expect(location, where).toBe(expected);
      }
    }
    await client.dispose();
  });
}
