import { Table, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ListPage } from "../../../components/ListPage";
import { ScrollTable } from "../../../components/ScrollTable";
import { isSiteAdmin, mayChangeOwned } from "../../../lib/access";
import { useCurrentUser } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";
import { ButtonLink, EditLink } from "../../../components/links";

export const Route = createFileRoute("/dashboard/programs/")({
  component: ProgramsPage,
});

function ProgramsPage() {
  const user = useCurrentUser();
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const names = new Map(locations.map((location) => [location.id, location.Name]));
  const { t } = useStaffTranslation();
  return (
    <ListPage
      title={t("programs.title")}
      actions={
        user && isSiteAdmin(user) ? (
          <ButtonLink to="/dashboard/programs/new">{t("programs.add")}</ButtonLink>
        ) : null
      }
    >
      <ScrollTable
        label={t("programs.title")}
        minWidth={320}
        columns={[t("common.name"), t("common.action")]}
        rows={programs}
        rowKey={(program) => program.id}
        empty={t("programs.empty")}
        cells={(program) => (
          <>
            <Table.Td>
              {program.Name}
              {program.NameEs ? (
                <Text size="sm" c="dimmed" lang="es">
                  {program.NameEs}
                </Text>
              ) : null}
              {program.LocationId !== null ? (
                <Text size="sm" c="dimmed">
                  {t("programs.ownOf", { name: names.get(program.LocationId) ?? "" })}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {user && mayChangeOwned(user, program.LocationId) ? (
                <EditLink
                  to="/dashboard/programs/$programId/edit"
                  params={{ programId: String(program.id) }}
                />
              ) : null}
            </Table.Td>
          </>
        )}
      />
    </ListPage>
  );
}
