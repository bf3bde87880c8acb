/**
 * Every action reads its form here: the one edge where a body the app cannot
 * use is refused with a 400 before any handler sees it. A body that is not a
 * form, or a field holding a control character (a NUL byte, an escape: never
 * typed by a person, and PostgreSQL cannot store a NUL), is refused whole.
 * Tabs and line breaks are text and pass.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const UNREADABLE_FORM = "Some of what you entered could not be read. Please check it and try again.";

function refuse(): never {
  throw new Response(UNREADABLE_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}


export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse();
  }
  for (const [name, value] of form.entries()) {
    if (CONTROL.test(name) || (typeof value === "string" && CONTROL.test(value))) refuse();
  }
  return form;
}
