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
import { useStaffTranslation } from "@vsi/i18n/staff";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/admin/audit")({
  validateSearch: auditSearch,
  component: AuditPage,
});

function AuditPage() {
  const { search, page, showFilters } = useListSearch<AuditSearch>(Route);
  const timeZone = browserTimeZone();
  const { t, formatNumber } = useStaffTranslation();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { data: users } = useSuspenseQuery(trpc.users.list.queryOptions());
  const { group, ...filters } = search;
  const log = useQuery({
    ...trpc.audit.page.queryOptions({ ...filters, action: groupActions(group), page, timeZone }),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage title={t("audit.title")}>
      <Text c="dimmed" size="sm">
        {t("audit.lead")}
      </Text>
      <AuditFilters
        key={JSON.stringify(search)}
        initial={search}
        locations={locations}
        users={users}
        onApply={(next) => showFilters({ ...next, page: undefined })}
      />
      <PagedResults query={log} failure={t("audit.failed")}>
        {(data) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.totalEstimated
                ? t("audit.about", { total: formatNumber(data.total) })
                : t("audit.count", { count: data.total, total: formatNumber(data.total) })}
            </Text>
            <AuditTable entries={data.entries} timeZone={timeZone} />
          </>
        )}
      </PagedResults>
    </ListPage>
  );
}
