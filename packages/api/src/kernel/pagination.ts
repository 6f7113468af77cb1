export const pageSize = 25;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The REST list's Link header: the request's own URL with only `page` changed; next when
 * page < pages, last when page < pages - 1, first when page > 2, prev when page > 1.
 */
export function linkHeader(
  baseUrl: string,
  requestUrl: string,
  page: number,
  pages: number,
): string {
  const url = new URL(requestUrl, baseUrl);
  const at = (n: number) => {
    url.searchParams.set("page", String(n));
    return `<${url.toString()}>`;
  };
  const links: string[] = [];
  if (page < pages) links.push(`${at(page + 1)}; rel="next"`);
  if (page < pages - 1) links.push(`${at(pages)}; rel="last"`);
  if (page > 2) links.push(`${at(1)}; rel="first"`);
  if (page > 1) links.push(`${at(page - 1)}; rel="prev"`);
  return links.join(", ");
}

/** A list that comes back whole still says how many it holds, as every list does. */
export function wholeList<T>(response: { headers: Record<string, string> }, items: T[]): T[] {
  response.headers["X-Total-Count"] = String(items.length);
  return items;
}
