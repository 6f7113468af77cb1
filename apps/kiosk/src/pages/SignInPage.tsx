import { useSuspenseQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { SheetLayout } from "../components/SheetLayout";
import { SignInForm, type OpenVisit } from "../components/SignInForm";
import { useKeyboardInset, useKioskIdle } from "../hooks/useKioskIdle";
import { showConfirmation } from "../lib/confirmation";
import { kioskI18n, resetKioskLanguage, useKioskTranslation } from "@vsi/i18n";
import { programName } from "@vsi/i18n/languages";
import { kioskApi, type SignInPayload } from "../lib/kioskApi";
import { kioskWaitMs } from "../lib/kioskTimings";
import { kioskLocationQuery, kioskQuestionsQuery } from "../lib/sheetCache";
import { useSignIn, useSignOut } from "../lib/sheetQueries";
import { navigate, sheetHref, useLocationId, useSheetSearch } from "./address";
import classes from "./SignInPage.module.css";

/** /sheet/$locationId/sign-in: the form, then the confirmation over the sheet. */
export function SignInPage() {
  const { t } = useKioskTranslation();
  const locationId = useLocationId();
  const { programId } = useSheetSearch();
  const { data: location } = useSuspenseQuery(kioskLocationQuery(locationId));
  const { data: questions, refetch: refetchQuestions } = useSuspenseQuery(
    kioskQuestionsQuery(locationId),
  );
  const signIn = useSignIn(locationId);
  const { signOut } = useSignOut();
  const lookup = useCallback((phoneNumber: string) => kioskApi.search(phoneNumber), []);
  const backToSheet = useCallback(
    (toProgramId: number | undefined) =>
      navigate(sheetHref(locationId, toProgramId), { replace: true }),
    [locationId],
  );

  // Left half-typed: clear it and go back, so the next visitor never sees it.
  const abandon = useCallback(() => {
    resetKioskLanguage();
    backToSheet(programId);
  }, [backToSheet, programId]);
  useKioskIdle(kioskWaitMs(location, "IdleResetSeconds"), abandon);
  useKeyboardInset();

  async function submit(payload: SignInPayload) {
    const { visit, saved } = await signIn(payload);
    const program = location.Programs.find((candidate) => candidate.id === visit.ProgramId);
    showConfirmation({
      kind: "in",
      firstName: visit.FirstName,
      programName: program && programName(program, kioskI18n.language),
      at: visit.TimeIn,
      visitId: visit.id,
      saved,
      seeStaff: visit.Eligibility === "waiting",
      line:
        visit.QueueNumber === null
          ? null
          : {
              number: visit.QueueNumber,
              line: location.Programs.find((candidate) => candidate.id === visit.QueueLine) ?? null,
              severalLines: location.Programs.some((candidate) => candidate.OwnQueue),
            },
    });
    backToSheet(visit.ProgramId);
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
    backToSheet(saved ? programId : visit.ProgramId);
  }

  return (
    <SheetLayout location={location}>
      <section className={classes.card}>
        <h2 className={classes.title}>{t("form.title")}</h2>
        <SignInForm
          locationId={locationId}
          programs={location.Programs}
          defaultProgramId={programId}
          temperatureUnit={location.TemperatureUnit}
          asksTemperature={location.AsksTemperature}
          questions={questions}
          onQuestionsChanged={refetchQuestions}
          onSubmit={submit}
          onCancel={() => window.history.back()}
          onSignOutInstead={signOutInstead}
          lookup={lookup}
        />
      </section>
    </SheetLayout>
  );
}
