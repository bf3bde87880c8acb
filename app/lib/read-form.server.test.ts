import { describe, expect, it } from "vitest";
import { readForm, UNREADABLE_FORM } from "./read-form.server.ts";

const post = (body: BodyInit, contentType?: string) =>
  new Request("http://x/contact", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

async function refusal(request: Request) {
  try {
    await readForm(request);
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    return { status: res.status, text: await res.text() };
  }
  throw new Error("the form was accepted");
}

describe("readForm", () => {
  it("passes ordinary text, with tabs, line breaks and any language", async () => {
    const form = await readForm(post(new URLSearchParams({ message: "Line one\r\nLine two\tTabbed — Ngiyabonga 🚜" })));
    expect(form.get("message")).toBe("Line one\r\nLine two\tTabbed — Ngiyabonga 🚜");
  });

  it.each([
    ["a NUL byte", "Great\u0000 machine"],
    ["an escape sequence", "\u001b[31mred"],
    ["a DEL", "x\u007f"],
    ["a vertical tab", "a\u000bb"],
  ])("refuses %s in a field with a 400 and a clear message", async (_, value) => {
    expect(await refusal(post(new URLSearchParams({ message: value })))).toEqual({ status: 400, text: UNREADABLE_FORM });
  });

  it("refuses a control character in a field name, and in a multipart field", async () => {
    expect((await refusal(post(new URLSearchParams({ ["in\u0000tent"]: "x" })))).status).toBe(400);
    const multipart = new FormData();
    multipart.set("title", "Crane\u0000");
    expect((await refusal(post(multipart))).status).toBe(400);
  });

  it("refuses a body that is not a form", async () => {
    expect((await refusal(post('{"message":"hi"}', "application/json"))).status).toBe(400);
    expect((await refusal(post("--broken\r\n", "multipart/form-data; boundary=nothing"))).status).toBe(400);
  });
});
