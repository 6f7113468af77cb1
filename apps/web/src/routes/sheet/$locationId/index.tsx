import { Group, Paper, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useKioskTranslation } from "../../../lib/i18n";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmationScreen } from "../../../components/ConfirmationScreen";
import { SheetLayout } from "../../../components/SheetLayout";
import { SignOutModal } from "../../../components/SignOutModal";
import { VisitorsTable } from "../../../components/VisitorsTable";
import { ButtonLink } from "../../../components/links";
import { showConfirmation, useConfirmationState } from "../../../lib/confirmation";
import { findFrom, findVisitors } from "../../../lib/findVisitor";
import { sheetSearch } from "../../../lib/sheetSearch";
import { useOpenVisits, useSignOut } from "../../../lib/sheetQueries";
import { kioskLocationQuery } from "../../../lib/sheetCache";
import type { SheetVisit } from "../../../lib/queuedVisits";
import { useSheetStream } from "../../../lib/sheetStream";

export const Route = createFileRoute("/sheet/$locationId/")({
  validateSearch: sheetSearch,
  component: SheetPage,
});

function SheetPage() {
  const locationId = Number(Route.useParams().locationId);
  const { programId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: location } = useSuspenseQuery(kioskLocationQuery(locationId));
  const { confirmation } = useConfirmationState();
  useSheetStream(locationId);
  const firstProgram = location.Programs[0];

  // No program chosen: select the first tab, replacing this history entry.
  if (programId === undefined && firstProgram) {
    return <Navigate to="." search={{ programId: firstProgram.id }} replace />;
  }

  return (
    <SheetLayout location={location}>
      {location.Programs.length > 0 && programId !== undefined ? (
        <Tabs
          value={String(programId)}
          onChange={(value) => value && void navigate({ search: { programId: Number(value) } })}
          keepMounted={false}
          variant="pills"
          radius="xl"
        >
          <Tabs.List mb="lg">
            {location.Programs.map((program) => (
              <Tabs.Tab
                key={program.id}
                value={String(program.id)}
                fz="xl"
                fw={600}
                mih={56}
                px="xl"
              >
                {program.Name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={String(programId)}>
            <ProgramSheet locationId={locationId} programId={programId} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <NoPrograms />
      )}
      {confirmation ? <ConfirmationScreen confirmation={confirmation} /> : null}
    </SheetLayout>
  );
}

function NoPrograms() {
  const { t } = useKioskTranslation();
  return (
    <Title order={2} size="h3" c="dimmed">
      {t("sheet.noPrograms")}
    </Title>
  );
}

function ProgramSheet({ locationId, programId }: { locationId: number; programId: number }) {
  const { t } = useKioskTranslation();
  const visits = useOpenVisits(locationId, programId);
  const { highlightId } = useConfirmationState();
  const [confirming, setConfirming] = useState<SheetVisit | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const { signOut, busy } = useSignOut();
  const shown = visits.length > findFrom ? findVisitors(visits, query) : visits;

  function confirmSignOut(visit: SheetVisit) {
    setFailed(false);
    signOut(visit).then(
      ({ visit: signedOut, saved }) => {
        setConfirming(null);
        setQuery("");
        showConfirmation({
          kind: "out",
          firstName: visit.FirstName,
          at: signedOut.TimeOut ?? new Date().toISOString(),
          visitId: visit.id,
          saved,
        });
      },
      (error: unknown) => {
        console.error(error);
        setFailed(true);
      },
    );
  }

  return (
    <Paper radius="lg" p={{ base: "md", md: "xl" }} shadow="sm">
      <Stack gap="lg">
        <ButtonLink
          to="/sheet/$locationId/sign-in"
          params={{ locationId: String(locationId) }}
          search={{ programId }}
          size="xl"
          fullWidth
          h={96}
          fz={32}
          radius="lg"
        >
          {t("sheet.signIn")}
        </ButtonLink>
        <Group justify="space-between" align="end" wrap="wrap" gap="md">
          <Text fz={24} fw={700} c="brand.9" aria-live="polite">
            {t("sheet.count", { count: visits.length })}
          </Text>
          {visits.length > findFrom ? (
            <TextInput
              label={t("sheet.find")}
              description={t("sheet.findHint")}
              type="search"
              size="lg"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              w={{ base: "100%", sm: 380 }}
            />
          ) : null}
        </Group>
        {shown.length === 0 && visits.length > 0 ? (
          <Text size="lg" ta="center" py="md">
            {t("sheet.noMatch", { query: query.trim() })}
          </Text>
        ) : (
          <VisitorsTable visits={shown} highlightId={highlightId} onSignOut={setConfirming} />
        )}
      </Stack>
      <SignOutModal
        visit={confirming}
        busy={busy}
        failed={failed}
        onConfirm={confirmSignOut}
        onCancel={() => {
          setConfirming(null);
          setFailed(false);
        }}
      />
    </Paper>
  );
}
