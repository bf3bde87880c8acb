import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

/**
 * "Load more" over keyset pages: without JavaScript the link opens the next
 * page; with it, the next page is fetched and appended.
 */
export function useLoadMore<T extends { id: string }>(first: { items: T[]; nextCursor: string | null }) {
  // The next page comes from the same route's loader, whose data carries `page`.
  const fetcher = useFetcher<{ page: { items: T[]; nextCursor: string | null } }>();
  const [items, setItems] = useState(first.items);
  const [nextCursor, setNextCursor] = useState(first.nextCursor);

  // A new search (new loader data) starts over.
  useEffect(() => {
    setItems(first.items);
    setNextCursor(first.nextCursor);
  }, [first]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.page) return;
    const page = fetcher.data.page;
    setItems((current) => {
      const seen = new Set(current.map((i) => i.id));
      return [...current, ...page.items.filter((i) => !seen.has(i.id))];
    });
    setNextCursor(page.nextCursor);
  }, [fetcher.state, fetcher.data]);

  return {
    items,
    nextCursor,
    loading: fetcher.state !== "idle",
    load: (href: string) => fetcher.load(href),
  };
}
