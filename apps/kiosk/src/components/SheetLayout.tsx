import { useKioskTranslation } from "@vsi/i18n";
import { useEffect, useState, type ReactNode } from "react";
import { kioskQueue, startKioskQueue } from "../lib/kioskQueue";
import { kioskWaitMs } from "../lib/kioskTimings";
import { goToStaffLogin } from "@vsi/web-common/login-return";
import { registerKioskWorker } from "../lib/serviceWorker";
import { KioskButton } from "./KioskButton";
import { DialogActions, KioskDialog } from "./KioskDialog";
import { OfflineBanner } from "./OfflineBanner";
import { PageFrame } from "./PageFrame";
import classes from "./SheetLayout.module.css";

/**
 * The kiosk around every sheet page: the page's frame (PageFrame) with a discreet staff exit and the
 * offline banner, no staff navigation a visitor could wander into, the screen kept awake, and the
 * tablet's queue and service worker started.
 */
export function SheetLayout({
  location,
  children,
}: {
  location: {
    Name: string;
    Address: string;
    LogoUrl: string | null;
    SendTimeoutSeconds?: number;
  };
  children: ReactNode;
}) {
  useScreenAwake(true);
  const sendTimeoutMs = kioskWaitMs(location, "SendTimeoutSeconds");
  useEffect(() => {
    kioskQueue.setSendTimeoutMs(sendTimeoutMs);
  }, [sendTimeoutMs]);
  useEffect(() => {
    // The sheet works without a network from here on: the app cached, the queue sending.
    startKioskQueue();
    registerKioskWorker();
  }, []);
  return (
    <PageFrame location={location} actions={<StaffExit />} banner={<OfflineBanner />}>
      {children}
    </PageFrame>
  );
}

/** A small corner button: leaving the kiosk takes a staff login. */
function StaffExit() {
  const { t } = useKioskTranslation();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <KioskButton
        variant="onBar"
        size="md"
        className={classes.quiet}
        onClick={() => setOpened(true)}
      >
        {t("staff.button")}
      </KioskButton>
      <KioskDialog opened={opened} onClose={close} title={t("staff.title")} closeLabel={t("close")}>
        <p>{t("staff.body")}</p>
        <DialogActions>
          <KioskButton variant="default" onClick={close}>
            {t("staff.cancel")}
          </KioskButton>
          {/* The staff app is another entry: a full page load, back to Locations once logged in. */}
          <KioskButton onClick={() => goToStaffLogin("/dashboard/locations")}>
            {t("staff.login")}
          </KioskButton>
        </DialogActions>
      </KioskDialog>
    </>
  );
}

/** Keeps the screen on while the sheet is open, where the browser allows it (Wake Lock). */
function useScreenAwake(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    const wakeLock = (
      navigator as Navigator & {
        wakeLock?: { request(type: "screen"): Promise<{ release(): Promise<void> }> };
      }
    ).wakeLock;
    if (!wakeLock) return;
    let lock: { release(): Promise<void> } | undefined;
    let active = true;
    const acquire = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock.request("screen").then(
        (granted) => (active ? (lock = granted) : void granted.release()),
        () => {
          // Refused (no user gesture yet, battery saver): the screen simply may sleep.
        },
      );
    };
    acquire();
    // The browser drops the lock whenever the page is hidden; take it again on return.
    document.addEventListener("visibilitychange", acquire);
    return () => {
      active = false;
      document.removeEventListener("visibilitychange", acquire);
      void lock?.release();
    };
  }, [wanted]);
}
