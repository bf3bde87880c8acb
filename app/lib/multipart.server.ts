/** Form bodies with files: refuse oversize requests before reading them. */
import { AppError } from "./app-error.ts";
import { readForm } from "./read-form.server.ts";
import { UNREADABLE } from "./respond.server.ts";

export async function readFormData(request: Request, options: { maxBytes: number }) {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > options.maxBytes) {
    throw new AppError("BAD_REQUEST", "File too large", "The upload is too large. Please choose smaller photos.");
  }
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
