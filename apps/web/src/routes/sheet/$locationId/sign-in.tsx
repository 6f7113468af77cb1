import { Paper, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { SheetLayout } from "../../../components/SheetLayout";
import { SignInForm, type OpenVisit, type SignInPayload } from "../../../components/SignInForm";
import { showConfirmation } from "../../../lib/confirmation";
import { resetKioskLanguage, useKioskTranslation } from "../../../lib/i18n";
import { idleMs } from "../../../lib/kioskSettings";
import { sheetSearch } from "../../../lib/sheetSearch";
import { useSignIn, useSignOut } from "../../../lib/sheetQueries";
import { kioskLocationQuery } from "../../../lib/sheetCache";
import { kioskApi } from "../../../lib/kioskApi";
import { useKeyboardInset, useKioskIdle } from "../../../hooks/useKioskIdle";

export const Route = createFileRoute("/sheet/$locationId/sign-in")({
  validateSearch: sheetSearch,
  component: SignInPage,
});

function SignInPage() {
  const { t } = useKioskTranslation();
  const locationId = Number(Route.useParams().locationId);
  const { programId } = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const { data: location } = useSuspenseQuery(kioskLocationQuery(locationId));
  const signIn = useSignIn(locationId);
  const { signOut } = useSignOut();
  const lookup = useCallback((phoneNumber: string) => kioskApi.search(phoneNumber), []);
  const backToSheet = useCallback(
    (toProgramId: number | undefined) =>
      navigate({
        to: "/sheet/$locationId",
        params: { locationId: String(locationId) },
        search: toProgramId === undefined ? {} : { programId: toProgramId },
        replace: true,
      }),
    [navigate, locationId],
  );

  // Left half-typed: clear it and go back, so the next visitor never sees it.
  const abandon = useCallback(() => {
    resetKioskLanguage();
    void backToSheet(programId);
  }, [backToSheet, programId]);
  useKioskIdle(idleMs(), abandon);
  useKeyboardInset();

  async function submit(payload: SignInPayload) {
    const { visit, saved } = await signIn(payload);
    const program = location.Programs.find((candidate) => candidate.id === visit.ProgramId);
    showConfirmation({
      kind: "in",
      firstName: visit.FirstName,
      programName: program?.Name,
      at: visit.TimeIn,
      visitId: visit.id,
      saved,
    });
    await backToSheet(visit.ProgramId);
  }

  async function signOutInstead(open: OpenVisit, firstName: string) {
    const { visit, saved } = await signOut({ id: open.id, FirstName: firstName, LastName: "" });
    showConfirmation({
      kind: "out",
      firstName: firstName || visit.FirstName,
      at: visit.TimeOut ?? new Date().toISOString(),
      visitId: visit.id,
      saved,
    });
    await backToSheet(saved ? programId : visit.ProgramId);
  }

  return (
    <SheetLayout location={location}>
      <Paper radius="lg" p="lg" pb={0} shadow="sm" maw={760} w="100%" mx="auto">
        <Title order={2} fz={32} mb="lg">
          {t("form.title")}
        </Title>
        <SignInForm
          locationId={locationId}
          programs={location.Programs}
          defaultProgramId={programId}
          temperatureUnit={location.TemperatureUnit}
          onSubmit={submit}
          onCancel={() => router.history.back()}
          onSignOutInstead={signOutInstead}
          lookup={lookup}
        />
      </Paper>
    </SheetLayout>
  );
}
