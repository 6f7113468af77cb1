import { useEffect, useRef } from "react";
import { dismissConfirmation, type Confirmation } from "../lib/confirmation";
import { resetKioskLanguage, useKioskTranslation } from "@vsi/i18n";
import { formatLocalTime } from "@vsi/web-common/time";
import { lineName } from "../lib/lineNumber";
import { KioskButton } from "./KioskButton";
import { TicketPrint } from "./TicketPrint";
import classes from "./ConfirmationScreen.module.css";

/**
 * Full screen after a sign-in or sign-out, read out by screen readers (focus moves to it), gone
 * after `stayMs` (the location's setting) or a tap; then the sheet is back in the tablet's language
 * for the next visitor.
 */
export function ConfirmationScreen({
  confirmation,
  stayMs,
}: {
  confirmation: Confirmation;
  stayMs: number;
}) {
  const { t, i18n } = useKioskTranslation();
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The sheet behind stays put while the confirmation covers it.
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    return () => {
      document.documentElement.style.overflow = overflow;
    };
  }, []);

  useEffect(() => {
    title.current?.focus();
    const timer = setTimeout(close, stayMs);
    return () => clearTimeout(timer);
  }, [confirmation, stayMs]);

  const time = formatLocalTime(confirmation.at, undefined, i18n.language);
  const name = confirmation.firstName;
  const named = confirmation.line && lineName(t, i18n.language, confirmation.line);
  return (
    <div
      className={classes.screen}
      data-kind={confirmation.kind}
      role="dialog"
      aria-modal="true"
      aria-labelledby="confirmation-title"
      aria-describedby="confirmation-body"
      onClick={close}
    >
      <div className={classes.card}>
        <div className={classes.mark} aria-hidden="true">
          {confirmation.kind === "in" ? "✓" : "👋"}
        </div>
        <h2 id="confirmation-title" className={classes.title} ref={title} tabIndex={-1}>
          {confirmation.kind === "in"
            ? t("confirm.welcome", { name })
            : t("confirm.goodbye", { name })}
        </h2>
        <p id="confirmation-body" className={classes.body} role="status">
          {confirmation.saved
            ? t("confirm.saved")
            : confirmation.seeStaff
              ? t("confirm.seeStaff", { program: confirmation.programName, time })
              : confirmation.kind === "in"
                ? t("confirm.signedIn", { program: confirmation.programName, time })
                : t("confirm.signedOut", { time })}
        </p>
        {confirmation.line ? (
          <div className={classes.line}>
            {named ? (
              <p className={classes.lineName} data-queue-line>
                {named}
              </p>
            ) : null}
            <p className={classes.number} data-queue-number={confirmation.line.number}>
              {t("confirm.yourNumber", { number: confirmation.line.number })}
            </p>
          </div>
        ) : null}
        {confirmation.kind === "in" && !confirmation.saved ? (
          <TicketPrint visitId={confirmation.visitId} />
        ) : null}
        <KioskButton size="xl" variant="white" className={classes.done} onClick={close}>
          {t("confirm.done")}
        </KioskButton>
      </div>
    </div>
  );
}

function close() {
  dismissConfirmation();
  resetKioskLanguage();
}
