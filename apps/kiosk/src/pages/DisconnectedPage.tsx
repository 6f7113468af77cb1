import { useEffect } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { kioskQueue, useKioskQueue } from "../lib/kioskQueue";
import { waitingEntries } from "../lib/offlineQueue";
import classes from "./DisconnectedPage.module.css";
import screen from "./screen.module.css";

/** /sheet/disconnected: where a tablet lands once staff disconnect it; visitors see why the sheet is gone. */
export function DisconnectedPage() {
  return (
    <main className={`kiosk ${screen.center}`}>
      <div className={screen.card}>
        <img src="/icon.svg" alt="" width={56} height={56} />
        <h1>This tablet was disconnected</h1>
        <p className={classes.lead}>
          Staff disconnected this tablet from its location, so it no longer takes sign-ins. Please
          ask a member of staff.
        </p>
        <KeptEntries />
        <p className={classes.dimmed}>Staff can set it up again from Locations after logging in.</p>
        {/* The staff app is another entry: a full page load. */}
        <a href="/login">Staff log in</a>
      </div>
    </main>
  );
}

/** Sign-ins and sign-outs the tablet could not send stay on it, and the screen says so. */
function KeptEntries() {
  const { t } = useKioskTranslation();
  const waiting = waitingEntries(useKioskQueue().entries).length;
  useEffect(() => {
    kioskQueue.load().catch((error: unknown) => console.error(error));
  }, []);
  if (waiting === 0) return null;
  return (
    <p className={classes.kept} role="status">
      {t("offline.kept", { count: waiting })}
    </p>
  );
}
