import { Tabs, Title } from "@mantine/core";
import { useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { SheetLayout } from "../../../components/SheetLayout";
import { SignOutModal } from "../../../components/SignOutModal";
import { VisitorsTable } from "../../../components/VisitorsTable";
import { sheetSearch } from "../../../lib/sheetSearch";
import { openVisitsQuery, refreshSheets } from "../../../lib/sheetQueries";
import { queryClient, trpc } from "../../../lib/trpc";
import type { Visit } from "../../../lib/types";
import { ButtonLink } from "../../../components/links";

export const Route = createFileRoute("/sheet/$locationId/")({
  validateSearch: sheetSearch,
  component: SheetPage,
});

function SheetPage() {
  const locationId = Number(Route.useParams().locationId);
  const { programId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: location } = useSuspenseQuery(trpc.locations.get.queryOptions({ id: locationId }));
  const firstProgram = location.Programs[0];

  // No program chosen: select the first tab, replacing this history entry (spec section 2).
  if (programId === undefined && firstProgram) {
    return <Navigate to="." search={{ programId: firstProgram.id }} replace />;
  }

  return (
    <SheetLayout location={location}>
      <Title order={1}>{location.Name}</Title>
      {location.Programs.length > 0 && programId !== undefined ? (
        <Tabs
          value={String(programId)}
          onChange={(value) => value && void navigate({ search: { programId: Number(value) } })}
          keepMounted={false}
        >
          <Tabs.List>
            {location.Programs.map((program) => (
              <Tabs.Tab key={program.id} value={String(program.id)} fz="lg" mih={48}>
                {program.Name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={String(programId)} pt="lg">
            <ProgramSheet locationId={locationId} programId={programId} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Title order={2} size="h3" c="dimmed">
          This location has no programs yet.
        </Title>
      )}
    </SheetLayout>
  );
}

function ProgramSheet({ locationId, programId }: { locationId: number; programId: number }) {
  const visitsQuery = openVisitsQuery(locationId, programId);
  const { data: visits = [] } = useQuery(visitsQuery);
  const [confirming, setConfirming] = useState<Visit | null>(null);
  const signOut = useMutation(trpc.visits.signOut.mutationOptions());

  function confirmSignOut(visit: Visit) {
    signOut.mutate(
      { id: visit.id },
      {
        onSuccess: (signedOut) => {
          // TimeOut is now set, so the row leaves the list at once; the refresh confirms it.
          queryClient.setQueryData(visitsQuery.queryKey, (current) =>
            current?.map((row) =>
              row.id === signedOut.id ? { ...row, TimeOut: signedOut.TimeOut } : row,
            ),
          );
          setConfirming(null);
          void refreshSheets();
        },
        onError: (error) => console.error(error),
      },
    );
  }

  return (
    <>
      <ButtonLink
        to="/sheet/$locationId/sign-in"
        params={{ locationId: String(locationId) }}
        search={{ programId }}
        size="xl"
        fullWidth
        mb="lg"
        h={88}
        fz={28}
      >
        Sign in
      </ButtonLink>
      <VisitorsTable
        visits={visits.filter((visit) => visit.TimeOut === null)}
        onSignOut={setConfirming}
      />
      <SignOutModal
        visit={confirming}
        busy={signOut.isPending}
        onConfirm={confirmSignOut}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
