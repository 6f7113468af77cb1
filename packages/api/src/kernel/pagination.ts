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

/** What a REST list's page answers beside its items. */
export interface PageAnswer {
  response: { headers: Record<string, string> };
  /** The request's URL, which the Link header's pages are built from. */
  url: string;
  services: { config: { baseUrl: string } };
}

/**
 * A REST page's headers: X-Total-Count (marked an estimate when it is one) and a Link to the other
 * pages, when there are any.
 */
export function pageHeaders(
  ctx: PageAnswer,
  {
    total,
    page,
    pages,
    estimated = false,
  }: { total: number; page: number; pages: number; estimated?: boolean },
): void {
  ctx.response.headers["X-Total-Count"] = String(total);
  if (estimated) ctx.response.headers["X-Total-Count-Estimated"] = "true";
  const link = linkHeader(ctx.services.config.baseUrl, ctx.url, page, pages);
  if (link) ctx.response.headers.Link = link;
}

/** A list that comes back whole still says how many it holds, as every list does. */
export function wholeList<T>(response: { headers: Record<string, string> }, items: T[]): T[] {
  response.headers["X-Total-Count"] = String(items.length);
  return items;
}
