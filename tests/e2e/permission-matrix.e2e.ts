/**
 * Every cell of the permission matrix (permission-matrix.ts) against the
 * running app: one test per persona, plain HTTP requests (no pages), each
 * with the persona's cookie and nothing kept between requests.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { PERMISSION_MATRIX, PERSONAS, type Field, type MatrixRow, type Outcome } from "./permission-matrix.ts";
import { jpeg } from "./support/images.ts";
import { MatrixTargets, PDF, newAccountSession, send, twinSession, type FormBody } from "./support/matrix-targets.ts";
import { sessionFor, type Session } from "./support/personas.ts";

async function toForm(fields: Record<string, Field>): Promise<FormBody> {
  const out: FormBody = {};
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") out[k] = v;
    else if (v.file === "pdf") out[k] = PDF();
    else
      out[k] = new File([new Uint8Array(await jpeg({ r: 30, g: 90, b: 160 }, 64, 48))], "photo.jpg", {
        type: "image/jpeg",
      });
  }
  return out;
}

async function request(
  row: MatrixRow,
  session: Session,
  url: string,
  body: Record<string, Field> | undefined,
  signal: AbortSignal,
) {
  if (row.encoding === "json") {
    const headers: Record<string, string> = { Origin: BASE_URL, "content-type": "application/json" };
    if (session.cookie) headers.cookie = session.cookie;
    return fetch(new URL(url, BASE_URL), {
      method: row.method,
      headers,
      body: JSON.stringify(body ?? {}),
      redirect: "manual",
      signal,
    });
  }
  const form = body ? await toForm(body) : undefined;
  return send(session.cookie, row.method, url, form, { multipart: row.encoding === "multipart", signal });
}

function describeOutcome(res: Response): Outcome | string {
  if ([301, 302, 303, 307, 308].includes(res.status)) {
    const to = new URL(res.headers.get("location") ?? "", BASE_URL);
    return to.origin === new URL(BASE_URL).origin ? (to.pathname as Outcome) : "offsite";
  }
  if (res.status === 200 && res.headers.get("content-type")?.includes("text/event-stream")) return "stream";
  return res.status;
}

function matches(actual: Outcome | string, expected: Outcome) {
  if (typeof expected === "string" && expected.endsWith("*"))
    return typeof actual === "string" && actual.startsWith(expected.slice(0, -1));
  return actual === expected;
}

/** MATRIX_ONLY=/saved-searches,/unsubscribe runs only the rows whose pattern starts with one of these (a quick local check; CI runs all). */
const only = (process.env.MATRIX_ONLY ?? "").split(",").filter(Boolean);
const rows = only.length
  ? PERMISSION_MATRIX.filter((r) => only.some((o) => r.pattern.startsWith(o)))
  : PERMISSION_MATRIX;

for (const persona of PERSONAS) {
  test(`permission matrix as ${persona}`, async () => {
    test.setTimeout(480_000);
    const own = await sessionFor(persona);
    const targets = new MatrixTargets();
    for (const row of rows) {
      // A cell that must change nothing (and checks it) may act on a target shared with other such cells.
      targets.reuse = Boolean(row.unchanged) && !row.changedBy?.includes(persona);
      const vars = row.target ? await row.target(targets) : {};
      const url = typeof row.url === "function" ? row.url(vars) : (row.url ?? row.pattern);
      const session =
        row.actor === "twin"
          ? await twinSession(persona, own)
          : row.actor === "new"
            ? await newAccountSession(persona, own)
            : own;
      const body = row.body?.(vars, session);
      const where = `${persona} ${row.method} ${url}${row.intent ? ` (${row.intent})` : ""}`;
      const abort = new AbortController();
      const res = await request(row, session, url, body, abort.signal);
      const expected = row.expect[persona];
      const actual = describeOutcome(res);
      const text = actual === "stream" ? "" : await res.text();
      abort.abort();
      expect.soft(matches(actual, expected) ? expected : actual, `${where} → ${text.slice(0, 200)}`).toBe(expected);
      const wanted = row.contains?.[persona];
      if (wanted) expect.soft(text, `${where} says`).toContain(wanted);
      if (row.unchanged && !row.changedBy?.includes(persona)) {
        expect.soft(await row.unchanged(targets, vars), `${where} changed nothing`).toBeNull();
      }
      await row.cleanup?.(targets, { location: res.headers.get("location") ?? "", text });
      await targets.cleanup();
    }
    await targets.cleanup({ all: true });
  });
}
