/**
 * A rand amount (or a count: hours, a year, kilograms) as people type it, made plain for the checks that follow: an optional leading R,
 * spaces (also no-break) between groups of digits, commas between groups of three ("1,250,000"),
 * and a decimal comma as South Africans write it ("129 500,75"). A comma that is neither is left
 * for the checks to refuse, never guessed: "1 250 000,50" must not become R 125 000 050.
 */
export function plainRand(value: string): string {
  const compact = value.replace(/[\s\u00a0\u202f]/g, "");
  // A minus is kept (so the checks can say the amount must be above 0), before or after the R.
  const sign = /^-|^R-/i.test(compact) ? "-" : "";
  const v = compact.replace(/^-?R?-?/i, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(v)) return sign + v.replace(/,/g, "");
  if (/^\d+,\d{1,2}$/.test(v)) return sign + v.replace(",", ".");
  return sign + v;
}
