import { useEffect, useState } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { keepTicketForPrint } from "@vsi/web-common/ticket";
import { kioskApi } from "../lib/kioskApi";
import type { Label } from "../lib/types";
import { KioskButton } from "./KioskButton";
import classes from "./TicketPrint.module.css";

/**
 * The confirmation's ticket: with the location's label printer, sent there by the server; without
 * one, printed through the browser's dialog on a page of the location's label size (AirPrint on an
 * iPad). A sign-in never waits for it: the ticket is read after the visit is written, and nothing
 * shows when it cannot be (offline, a printer refused).
 */
export function TicketPrint({ visitId }: { visitId: number }) {
  const { t } = useKioskTranslation();
  const [label, setLabel] = useState<Label>();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    kioskApi.label(visitId, controller.signal).then(setLabel, () => undefined);
    return () => controller.abort();
  }, [visitId]);
  useEffect(() => (label ? keepTicketForPrint(label) : undefined), [label]);

  if (!label) return null;
  if (sent)
    return (
      <p className={classes.ticket} role="status">
        {t("confirm.ticketSent")}
      </p>
    );
  return (
    <div className={classes.ticket}>
      <KioskButton
        size="lg"
        variant="white"
        onClick={(event) => {
          // The confirmation closes on a tap anywhere else.
          event.stopPropagation();
          if (!label.HasPrinter) return window.print();
          kioskApi.print(visitId).then(
            () => setSent(true),
            () => undefined,
          );
        }}
      >
        {t("confirm.printTicket")}
      </KioskButton>
    </div>
  );
}
