/**
 * Form bodies with files: refuse oversize requests before reading them. The
 * limits are the server's one table (server/request-bodies.js), which already
 * answers 413 in front of the app; this check holds wherever the routes run
 * without that server (the in-process test harness).
 */
import { BODY_LIMITS, type BodyLimit } from "../../server/request-bodies.js";
import { AppError } from "./app-error.ts";
import { readForm } from "./read-form.server.ts";
import { UNREADABLE } from "./respond.server.ts";

export { BODY_LIMITS };

export async function readFormData(request: Request, limit: BodyLimit) {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > limit.bytes) throw new AppError("PAYLOAD_TOO_LARGE", limit.title, limit.message);
  try {
    return await readForm(request);
  } catch (refusal) {
    if (!(refusal instanceof Response)) throw refusal;
    throw UNREADABLE;
  }
}

/** The non-empty files of a field, as bytes. */
export async function filesOf(form: FormData, name: string) {
  const files = form.getAll(name).filter((v): v is File => typeof v !== "string" && v.size > 0);
  return Promise.all(files.map(async (f) => ({ name: f.name, type: f.type, bytes: Buffer.from(await f.arrayBuffer()) })));
}
