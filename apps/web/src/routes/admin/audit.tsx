import { Text } from "@mantine/core";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AuditFilters } from "../../components/AuditFilters";
import { AuditTable } from "../../components/AuditTable";
import { ListPage } from "../../components/ListPage";
import { PagedResults } from "../../components/PagedResults";
import { useListSearch } from "../../hooks/useListPage";
import { auditSearch, groupActions, type AuditSearch } from "../../lib/auditLog";
import { browserTimeZone } from "@vsi/web-common/time";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/admin/audit")({
  validateSearch: auditSearch,
  component: AuditPage,
});

function AuditPage() {
  const { search, page, showFilters } = useListSearch<AuditSearch>(Route);
  const timeZone = browserTimeZone();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { data: users } = useSuspenseQuery(trpc.users.list.queryOptions());
  const { group, ...filters } = search;
  const log = useQuery({
    ...trpc.audit.page.queryOptions({ ...filters, action: groupActions(group), page, timeZone }),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage title="Audit log">
      <Text c="dimmed" size="sm">
        Who signed visitors in and out, corrected or deleted visits, and changed locations,
        programs, users, tablets and settings. It never holds a visitor&apos;s name or phone.
      </Text>
      <AuditFilters
        key={JSON.stringify(search)}
        initial={search}
        locations={locations}
        users={users}
        onApply={(next) => showFilters({ ...next, page: undefined })}
      />
      <PagedResults query={log} failure="The audit log could not be loaded. Please try again.">
        {(data) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.totalEstimated
                ? `About ${data.total.toLocaleString("en-US")} entries`
                : data.total === 1
                  ? "1 entry"
                  : `${data.total.toLocaleString("en-US")} entries`}
            </Text>
            <AuditTable entries={data.entries} timeZone={timeZone} />
          </>
        )}
      </PagedResults>
    </ListPage>
  );
}
