import { useKioskTranslation } from "@vsi/i18n";
import { useEffect, useRef } from "react";
import { nameWithLastInitial } from "../lib/names";
import { maskPhone } from "@vsi/web-common/phone";
import { formatLocalTime } from "@vsi/web-common/time";
import type { SheetVisit } from "../lib/queuedVisits";
import { KioskButton } from "./KioskButton";
import classes from "./VisitorsTable.module.css";

/**
 * The sheet's list of visitors still signed in, each with a Sign Out button; a new row is marked
 * and scrolled to. No one's temperature: the sheet is in front of everyone who walks in.
 */
export function VisitorsTable({
  visits,
  highlightId,
  onSignOut,
  programOf,
}: {
  visits: SheetVisit[];
  /** Rows from several programs (a search): each row's program, in a column of its own. */
  programOf?: (visit: SheetVisit) => string | undefined;
  highlightId?: number | null;
  onSignOut: (visit: SheetVisit) => void;
}) {
  const { t, i18n } = useKioskTranslation();
  const highlighted = useRef<HTMLTableRowElement>(null);
  const shown = visits.some((visit) => visit.id === highlightId);
  useEffect(() => {
    if (shown) highlighted.current?.scrollIntoView({ block: "center" });
  }, [shown, highlightId]);

  if (visits.length === 0) {
    return <p className={classes.nobody}>{t("sheet.nobody")}</p>;
  }
  return (
    <div className={classes.scroller}>
      <table className={classes.table}>
        <thead>
          <tr>
            <th>{t("sheet.name")}</th>
            <th>{t("sheet.phone")}</th>
            {programOf ? <th>{t("sheet.program")}</th> : null}
            <th>{t("sheet.timeIn")}</th>
            <th className={classes.action}>{t("sheet.action")}</th>
          </tr>
        </thead>
        <tbody>
          {visits.map((visit) => {
            const name = nameWithLastInitial(visit.FirstName, visit.LastName);
            const isNew = visit.id === highlightId;
            return (
              <tr
                key={visit.id}
                ref={isNew ? highlighted : undefined}
                aria-current={isNew ? "true" : undefined}
                className={isNew ? classes.new : undefined}
              >
                <td className={classes.name}>
                  {name}
                  {visit.signInKey !== undefined ? (
                    // Saved on this tablet, not yet on the server: said in words, not only by a colour.
                    <span className={classes.waiting}>{t("sheet.waiting")}</span>
                  ) : null}
                  {visit.Eligibility === "waiting" ? (
                    // Past the program's visit limit: staff approve or decline it.
                    <span className={classes.waiting}>{t("sheet.seeStaff")}</span>
                  ) : null}
                </td>
                <td className={classes.phone}>{maskPhone(visit.PhoneNumber)}</td>
                {programOf ? <td>{programOf(visit)}</td> : null}
                <td>{formatLocalTime(visit.TimeIn, undefined, i18n.language)}</td>
                <td className={classes.action}>
                  <KioskButton
                    variant="dangerOutline"
                    className={classes.signOut}
                    onClick={() => onSignOut(visit)}
                  >
                    {t("sheet.signOut")}
                  </KioskButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
