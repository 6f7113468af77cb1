import { useKioskTranslation } from "@vsi/i18n";
import { useEffect, useState, type ReactNode } from "react";
import { kioskQueue, startKioskQueue } from "../lib/kioskQueue";
import { kioskWaitMs } from "../lib/kioskTimings";
import { goToStaffLogin } from "@vsi/web-common/login-return";
import { registerKioskWorker } from "../lib/serviceWorker";
import { KioskButton } from "./KioskButton";
import { DialogActions, KioskDialog } from "./KioskDialog";
import { OfflineBanner } from "./OfflineBanner";
import classes from "./SheetLayout.module.css";

/**
 * The kiosk around every sheet page: the location's mark and name large, the language switch, a
 * discreet staff exit, and no staff navigation a visitor could wander into.
 */
export function SheetLayout({
  location,
  ownDevice = false,
  children,
}: {
  location: {
    Name: string;
    Address: string;
    LogoUrl: string | null;
    SendTimeoutSeconds?: number;
  };
  /**
   * A visitor's own phone at the door: no staff exit, no queue, no service worker, the screen left
   * to sleep; its offline notice is the page's own.
   */
  ownDevice?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useKioskTranslation();
  useScreenAwake(!ownDevice);
  const sendTimeoutMs = kioskWaitMs(location, "SendTimeoutSeconds");
  useEffect(() => {
    if (!ownDevice) kioskQueue.setSendTimeoutMs(sendTimeoutMs);
  }, [sendTimeoutMs, ownDevice]);
  useEffect(() => {
    if (ownDevice) return;
    // The sheet works without a network from here on: the app cached, the queue sending.
    startKioskQueue();
    registerKioskWorker();
  }, [ownDevice]);
  useEffect(() => {
    // Screen readers pronounce the page in the visitor's language.
    document.documentElement.lang = i18n.language;
    return () => {
      document.documentElement.lang = "en";
    };
  }, [i18n.language]);

  return (
    // "kiosk": the kiosk's base styles (styles/kiosk.css) apply inside.
    <div className={`kiosk ${classes.frame}`}>
      <header className={classes.bar}>
        <div className={classes.barRow}>
          <div className={classes.identity}>
            {location.LogoUrl ? (
              <div className={classes.logo} data-site-logo>
                <img
                  src={location.LogoUrl}
                  alt={t("sheet.logo", { name: location.Name })}
                  className={classes.siteLogo}
                />
              </div>
            ) : (
              <div className={classes.logo}>
                <img src="/icon.svg" alt="" width={40} height={40} />
              </div>
            )}
            <h1 className={classes.name}>{location.Name}</h1>
          </div>
          <div className={classes.barActions}>
            <KioskButton
              variant="onBar"
              size="md"
              lang={t("language.switchToLang")}
              aria-label={`${t("language.label")}: ${t("language.switchTo")}`}
              onClick={() => i18n.changeLanguage(t("language.switchToLang"))}
            >
              {t("language.switchTo")}
            </KioskButton>
            {ownDevice ? null : <StaffExit />}
          </div>
        </div>
      </header>
      {ownDevice ? null : <OfflineBanner />}
      <main className={classes.main}>{children}</main>
      <footer className={classes.footer}>
        <p className={classes.footerName}>{location.Name}</p>
        <p>{location.Address}</p>
      </footer>
    </div>
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
