import { queryClient, trpc } from "./trpc";

/**
 * What the report pages' filters read (locations, programs, the fiscal year's first month), asked
 * for together before the page shows: one batched request instead of one after another.
 */
export async function loadReportFilters(): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(trpc.locations.list.queryOptions()),
    queryClient.ensureQueryData(trpc.programs.list.queryOptions()),
    queryClient.ensureQueryData(trpc.reports.settings.queryOptions()),
  ]);
}
