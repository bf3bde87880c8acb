/** The admin's listing list, every page of it (the list shows 50 at a time, "Older listings" goes on). */
export async function allAdminListingsHtml(get: (path: string) => Promise<string>, status: string) {
  const pages: string[] = [];
  let path: string | undefined = `/admin?status=${status}`;
  while (path && pages.length < 100) {
    const html = await get(path);
    pages.push(html);
    const cursor = /href="\/admin\?status=[a-z]+&amp;cursor=([A-Za-z0-9_-]+)"/.exec(html)?.[1];
    path = cursor ? `/admin?status=${status}&cursor=${cursor}` : undefined;
  }
  return pages.join("\n");
}
