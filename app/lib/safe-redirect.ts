/** Only same-site relative paths are followed after sign-in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/signin") || to.startsWith("/signup") || to.startsWith("/api/")) return fallback;
  return to;
}
