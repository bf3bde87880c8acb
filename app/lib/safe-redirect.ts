/** Only same-site relative paths are followed after sign-in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs and read "\" as "/": "/\t/evil.example" would leave the site.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (to.startsWith("/signin") || to.startsWith("/signup") || to.startsWith("/api/")) return fallback;
  return to;
}
