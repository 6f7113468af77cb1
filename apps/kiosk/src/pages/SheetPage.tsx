import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ConfirmationScreen } from "../components/ConfirmationScreen";
import { KioskAlert } from "../components/KioskAlert";
import { KioskButton, kioskButtonClass } from "../components/KioskButton";
import { KioskField } from "../components/KioskField";
import { SheetLayout } from "../components/SheetLayout";
import { SignOutModal } from "../components/SignOutModal";
import { VisitorsTable } from "../components/VisitorsTable";
import { showConfirmation, useConfirmationState } from "../lib/confirmation";
import { findVisitors } from "../lib/findVisitor";
import { useKioskTranslation } from "@vsi/i18n";
import { headcount } from "@vsi/api/schemas";
import { kioskWaitMs } from "../lib/kioskTimings";
import type { SheetVisit } from "../lib/queuedVisits";
import { kioskLocationQuery, kioskQuestionsQuery } from "../lib/sheetCache";
import { useLocationVisits, useOpenVisits, useSignOut } from "../lib/sheetQueries";
import { KioskLink } from "./KioskLink";
import { useRollCallOpen } from "./LiveSheet";
import { ProgramTabs } from "./ProgramTabs";
import { navigate, sheetHref, signInHref, useLocationId, useSheetSearch } from "./address";
import classes from "./SheetPage.module.css";

/** /sheet/$locationId: the location's programs as tabs, each with its Sign in button and list. */
export function SheetPage() {
  const { t } = useKioskTranslation();
  const locationId = useLocationId();
  const { programId } = useSheetSearch();
  const { data: location } = useSuspenseQuery(kioskLocationQuery(locationId));
  const { confirmation } = useConfirmationState();
  // Read (and kept on the tablet) before anyone taps Sign in, so the form asks them offline too.
  useQuery(kioskQuestionsQuery(locationId));
  const rollCall = useRollCallOpen();
  const firstProgram = location.Programs[0];
  const shown = location.Programs.some((program) => program.id === programId)
    ? programId
    : firstProgram?.id;

  // No program chosen (or one the location no longer runs): the first tab, replacing this entry.
  useEffect(() => {
    if (shown !== undefined && shown !== programId)
      navigate(sheetHref(locationId, shown), { replace: true });
  }, [locationId, programId, shown]);

  return (
    <SheetLayout location={location}>
      {rollCall ? (
        <div className={classes.rollCall} role="alert">
          <p className={classes.rollCallTitle}>{t("sheet.rollCall")}</p>
          <p>{t("sheet.rollCallHint")}</p>
        </div>
      ) : null}
      {shown !== undefined ? (
        <ProgramTabs
          label={t("sheet.programs")}
          programs={location.Programs}
          selected={shown}
          onSelect={(id) => navigate(sheetHref(locationId, id))}
        >
          <ProgramSheet
            key={shown}
            locationId={locationId}
            programId={shown}
            programs={location.Programs}
          />
        </ProgramTabs>
      ) : (
        <h2 className={classes.empty}>{t("sheet.noPrograms")}</h2>
      )}
      {confirmation ? (
        <ConfirmationScreen
          confirmation={confirmation}
          stayMs={kioskWaitMs(location, "ConfirmationSeconds")}
        />
      ) : null}
    </SheetLayout>
  );
}

function ProgramSheet({
  locationId,
  programId,
  programs,
}: {
  locationId: number;
  programId: number;
  /** Every program of the location: a visitor finds their name whichever tab shows. */
  programs: ReadonlyArray<{ id: number; Name: string }>;
}) {
  const { t } = useKioskTranslation();
  const { visits, failed, retry, retrying } = useOpenVisits(locationId, programId);
  const { highlightId } = useConfirmationState();
  const [confirming, setConfirming] = useState<SheetVisit | null>(null);
  const [signOutFailed, setSignOutFailed] = useState(false);
  const [query, setQuery] = useState("");
  const { signOut, busy } = useSignOut();
  const everyone = useLocationVisits(
    locationId,
    programs.map((program) => program.id),
  );
  const searching = query.trim() !== "";
  const shown = searching ? findVisitors(everyone, query) : visits;
  const programOf = (visit: SheetVisit) =>
    programs.find((program) => program.id === visit.ProgramId)?.Name;

  function confirmSignOut(visit: SheetVisit) {
    setSignOutFailed(false);
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
        setSignOutFailed(true);
      },
    );
  }

  return (
    <section className={classes.card}>
      <KioskLink
        href={signInHref(locationId, programId)}
        className={`${kioskButtonClass({ size: "xl", fullWidth: true })} ${classes.signIn}`}
      >
        {t("sheet.signIn")}
      </KioskLink>
      {failed ? (
        <KioskAlert tone="danger" title={t("sheet.loadFailed")}>
          <p>{t("sheet.loadFailedHint")}</p>
          <KioskButton className={classes.retry} onClick={retry} loading={retrying}>
            {t("sheet.retry")}
          </KioskButton>
        </KioskAlert>
      ) : (
        <>
          <div className={classes.summary}>
            <p className={classes.count} aria-live="polite">
              {t("sheet.count", { count: headcount(visits) })}
            </p>
            {everyone.length > 0 || searching ? (
              <KioskField
                className={classes.find}
                label={t("sheet.find")}
                description={t(programs.length > 1 ? "sheet.findAnyProgram" : "sheet.findHint")}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="search"
              />
            ) : null}
          </div>
          {shown.length === 0 && searching ? (
            <p className={classes.noMatch}>{t("sheet.noMatch", { query: query.trim() })}</p>
          ) : (
            <VisitorsTable
              visits={shown}
              highlightId={highlightId}
              onSignOut={setConfirming}
              {...(searching && programs.length > 1 ? { programOf } : {})}
            />
          )}
        </>
      )}
      <SignOutModal
        visit={confirming}
        busy={busy}
        failed={signOutFailed}
        onConfirm={confirmSignOut}
        onCancel={() => {
          setConfirming(null);
          setSignOutFailed(false);
        }}
      />
    </section>
  );
}
