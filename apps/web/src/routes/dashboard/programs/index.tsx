import { Table } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ListPage } from "../../../components/ListPage";
import { ScrollTable } from "../../../components/ScrollTable";
import { useCurrentUser } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";
import { ButtonLink, EditLink } from "../../../components/links";

export const Route = createFileRoute("/dashboard/programs/")({
  component: ProgramsPage,
});

function ProgramsPage() {
  const user = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  return (
    <ListPage
      title="Programs"
      actions={
        isAdmin ? <ButtonLink to="/dashboard/programs/new">Add New Program</ButtonLink> : null
      }
    >
      <ScrollTable
        label="Programs"
        minWidth={320}
        columns={["Name", "Action"]}
        rows={programs}
        rowKey={(program) => program.id}
        empty="No programs yet."
        cells={(program) => (
          <>
            <Table.Td>{program.Name}</Table.Td>
            <Table.Td>
              {isAdmin ? (
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
