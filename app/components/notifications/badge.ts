/** The bell's badge text (docs/product.md#notifications): the count, "9+" above 9, never below 0. */
export function badgeText(unread: number) {
  const n = Math.max(0, Math.floor(unread));
  return n > 9 ? "9+" : String(n);
}

/** Whether a "Load more" is offered: only after a full page. */
export const hasMorePages = (pageLength: number, pageSize = 20) => pageLength >= pageSize;
