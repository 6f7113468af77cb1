// Report pagination: the server decides the page size and says how many pages there are.

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
