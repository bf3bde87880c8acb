/** Values the browser tests type and look for, written the way the app writes them. */

/** A short unique suffix for titles, messages and addresses. */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Rand as the app writes them (en-ZA groups with a no-break space): 410 000 → /R\s?410\s000/. */
export const rand = (amount: number) =>
  new RegExp(
    `R\\s?${amount
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, " ")
      .replace(/ /g, "\\s")}(?![\\d,])`,
  );

/** A calendar day `days` after today in South Africa (YYYY-MM-DD), as a date input wants it. */
export function dayFromToday(days: number) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "Africa/Johannesburg",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const d = new Date(`${part("year")}-${part("month")}-${part("day")}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
