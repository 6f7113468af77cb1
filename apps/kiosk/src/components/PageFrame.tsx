import { useKioskTranslation } from "@vsi/i18n";
import { useEffect, type ReactNode } from "react";
import { KioskButton } from "./KioskButton";
import classes from "./SheetLayout.module.css";

/**
 * What a tablet's sheet and a visitor's own phone at the door both show around their page: the
 * location's mark and name large, the language switch, the address below. Nothing of the tablet's
 * (its queue, service worker, staff exit), so the door's page loads none of it.
 */
export function PageFrame({
  location,
  actions,
  banner,
  children,
}: {
  location: { Name: string; Address: string; LogoUrl: string | null };
  /** More buttons on the bar, after the language switch. */
  actions?: ReactNode;
  /** Under the bar, above the page: the tablet's offline banner. */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useKioskTranslation();
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
            {actions}
          </div>
        </div>
      </header>
      {banner}
      <main className={classes.main}>{children}</main>
      <footer className={classes.footer}>
        <p className={classes.footerName}>{location.Name}</p>
        <p>{location.Address}</p>
      </footer>
    </div>
  );
}
