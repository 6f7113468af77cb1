// Report pagination (spec section 4): the server decides the page size and tells the client about
// the other pages only through the REST `Link` header, which tRPC hands over as a string.

/** rel name -> page number, for every link of a `Link` header value that carries a page. */
export function parseLinkHeader(link: string | null | undefined): Record<string, number> {
  const pages: Record<string, number> = {};
  if (!link) return pages;
  for (const match of link.matchAll(/<([^>]*)>\s*;\s*rel="?([^",;]+)"?/g)) {
    const [, url = "", rel = ""] = match;
    const page = Number(new URL(url, "http://link.invalid").searchParams.get("page") ?? "1");
    if (Number.isInteger(page) && page > 0) pages[rel] = page;
  }
  return pages;
}

/** A last link gives its page; otherwise a next link gives current + 1; otherwise the current page. */
export function lastPageFromLink(link: string | null | undefined, currentPage: number): number {
  const pages = parseLinkHeader(link);
  if (pages.last !== undefined) return pages.last;
  if (pages.next !== undefined) return currentPage + 1;
  return currentPage;
}

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * The page buttons to show: always the first and last page, the current page with one neighbour
 * each side, and an ellipsis for each gap. A gap of a single page shows that page instead, since an
 * ellipsis would take as much room and hide it.
 */
export function pageItems(currentPage: number, lastPage: number): PageItem[] {
  const last = Math.max(1, lastPage);
  const current = Math.min(Math.max(1, currentPage), last);
  const start = Math.max(2, current - 1);
  const end = Math.min(last - 1, current + 1);
  const items: PageItem[] = [1];
  if (start === 3) items.push(2);
  else if (start > 3) items.push("ellipsis-start");
  for (let page = start; page <= end; page++) items.push(page);
  if (end === last - 2) items.push(last - 1);
  else if (end < last - 2) items.push("ellipsis-end");
  if (last > 1) items.push(last);
  return items;
}
