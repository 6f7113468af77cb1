import { kioskBase } from "@vsi/web-common/addresses";
import { KioskButton, kioskButtonClass } from "../components/KioskButton";
import { useKioskTranslation } from "@vsi/i18n";
import classes from "./screen.module.css";

// What the kiosk shows instead of a page: loading, a page that failed, an address it does not know.

export function KioskPending() {
  const { t } = useKioskTranslation();
  return (
    <div className={`kiosk ${classes.center}`} role="status">
      <span className={classes.spinner} aria-hidden="true" />
      <span className="k-visually-hidden">{t("kiosk.loading")}</span>
    </div>
  );
}

export function KioskError({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useKioskTranslation();
  console.error(error);
  return (
    <main className={`kiosk ${classes.center}`}>
      <div className={classes.card}>
        <h1>{t("kiosk.errorTitle")}</h1>
        <p role="alert">{t("kiosk.errorBody")}</p>
        <KioskButton onClick={reset}>{t("kiosk.retry")}</KioskButton>
      </div>
    </main>
  );
}

export function KioskNotFound() {
  const { t } = useKioskTranslation();
  return (
    <main className={`kiosk ${classes.center}`}>
      <div className={classes.card}>
        <h1>{t("kiosk.notFoundTitle")}</h1>
        <p>{t("kiosk.notFoundBody")}</p>
        <a className={kioskButtonClass()} href={kioskBase}>
          {t("kiosk.toSheet")}
        </a>
      </div>
    </main>
  );
}
