import { Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useKioskTranslation } from "../lib/i18n";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, type ReactNode } from "react";
import { startKioskQueue } from "../lib/kioskQueue";
import { registerKioskWorker } from "../lib/serviceWorker";
import { KioskDialog } from "./KioskDialog";
import { OfflineBanner } from "./OfflineBanner";
import classes from "./SheetLayout.module.css";

/**
 * The kiosk around every sheet page: the location's mark and name large, the language switch, a
 * discreet staff exit, and no staff navigation a visitor could wander into.
 */
export function SheetLayout({
  location,
  children,
}: {
  location: { Name: string; Address: string; LogoUrl: string | null };
  children: ReactNode;
}) {
  const { t, i18n } = useKioskTranslation();
  useScreenAwake();
  useEffect(() => {
    // The sheet works without a network from here on: the app cached, the queue sending.
    startKioskQueue();
    registerKioskWorker();
  }, []);
  useEffect(() => {
    // Screen readers pronounce the page in the visitor's language.
    document.documentElement.lang = i18n.language;
    return () => {
      document.documentElement.lang = "en";
    };
  }, [i18n.language]);

  return (
    <div className={classes.frame}>
      <Box component="header" className={classes.bar}>
        <Group justify="space-between" gap="md" className={classes.barRow}>
          <Group wrap="nowrap" gap="md" className={classes.identity}>
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
            <Title order={1} className={classes.name}>
              {location.Name}
            </Title>
          </Group>
          <Group wrap="nowrap" gap="xs" className={classes.barActions}>
            <Button
              variant="outline"
              className={classes.barButton}
              vars={onBar}
              size="md"
              lang={t("language.switchToLang")}
              aria-label={`${t("language.label")}: ${t("language.switchTo")}`}
              onClick={() => i18n.changeLanguage(t("language.switchToLang"))}
            >
              {t("language.switchTo")}
            </Button>
            <StaffExit />
          </Group>
        </Group>
      </Box>
      <OfflineBanner />
      <Box component="main" className={classes.main}>
        <Stack gap="lg">{children}</Stack>
      </Box>
      <Box component="footer" className={classes.footer}>
        <Text fw={600}>{location.Name}</Text>
        <Text>{location.Address}</Text>
      </Box>
    </div>
  );
}

// White on the brand bar (7.6:1), whatever the button's variant would colour it.
const onBar = () => ({
  root: {
    "--button-color": "var(--mantine-color-white)",
    "--button-bg": "transparent",
    "--button-hover": "rgb(255 255 255 / 14%)",
    "--button-hover-color": "var(--mantine-color-white)",
    "--button-bd": "1px solid rgb(255 255 255 / 70%)",
  },
});

/** A small corner button: leaving the kiosk takes a staff login. */
function StaffExit() {
  const { t } = useKioskTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="subtle" size="md" className={classes.barButton} vars={onBar} onClick={open}>
        {t("staff.button")}
      </Button>
      <KioskDialog opened={opened} onClose={close} title={t("staff.title")} closeLabel={t("close")}>
        <Text size="lg">{t("staff.body")}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" size="lg" onClick={close}>
            {t("staff.cancel")}
          </Button>
          <Button
            size="lg"
            onClick={() =>
              void navigate({
                to: "/login",
                state: (state) => ({ ...state, from: "/dashboard/locations" }),
              })
            }
          >
            {t("staff.login")}
          </Button>
        </Group>
      </KioskDialog>
    </>
  );
}

/** Keeps the screen on while the sheet is open, where the browser allows it (Wake Lock). */
function useScreenAwake() {
  useEffect(() => {
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
  }, []);
}
