/**
 * Whether the app and the baseline of bench/http.ts sent the same document.
 * Two renders of one page may differ only in values that are new on every
 * response; each is listed here with why, and replaced by a placeholder in
 * both bodies before they are compared byte for byte.
 */
export const PER_RESPONSE_VALUES: { what: string; pattern: RegExp; placeholder: string }[] = [
  {
    what: "the Content-Security-Policy nonce on each inline script (server.js makes a new one per response)",
    pattern: /\bnonce="[A-Za-z0-9+/=]*"/g,
    placeholder: 'nonce="NONCE"',
  },
];

export function normaliseDocument(html: string) {
  return PER_RESPONSE_VALUES.reduce((text, v) => text.replace(v.pattern, v.placeholder), html);
}

/** null when the two are the same after normalising; else where they part, with some context. */
export function documentDifference(app: string, baseline: string) {
  const a = normaliseDocument(app);
  const b = normaliseDocument(baseline);
  if (a === b) return null;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 120);
  return {
    at: i,
    lengths: `${a.length} vs ${b.length} characters`,
    app: a.slice(from, i + 200),
    baseline: b.slice(from, i + 200),
  };
}
