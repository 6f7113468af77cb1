import type { InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

/**
 * The queries the filters name, fetched again now, after a change the server announced: what they
 * show is then from after it. An invalidation alone restarts a fetch in flight only for a query
 * that already has data; a first fetch still in flight is handed back as the new one, although
 * the server may have answered it from before the change, and a live page, which does not poll,
 * would go on showing that. So such a query is reset first (its fetch dropped, another started),
 * as it shows nothing yet; the others keep what they show until their new answer comes.
 */
export async function refetchNow(
  client: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  const firstLoads = client
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === "fetching");
  await Promise.all([
    ...firstLoads.map((query) => client.resetQueries({ queryKey: query.queryKey, exact: true })),
    client.invalidateQueries(filters),
  ]);
}
