import { cookieNames } from "@vsi/api/schemas";
import { readCookie } from "@vsi/web-common/cookies";
import { Component, Suspense, useEffect, type ReactNode } from "react";
import { navigate, sheetHref, useAddress } from "./address";
import { DisconnectedPage } from "./DisconnectedPage";
import { KioskError, KioskNotFound, KioskPending } from "./KioskStates";
import { LiveSheet } from "./LiveSheet";
import { kioskPageAt } from "./routes";
import { SheetPage } from "./SheetPage";
import { SignInPage } from "./SignInPage";

/** The page at the kiosk's address; while its data loads, a spinner; if it fails, the error screen. */
export function KioskApp() {
  const { pathname } = useAddress();
  const page = kioskPageAt(pathname);
  const shown = (
    // A new page starts without the last one's error.
    <PageErrors key={pathname}>
      <Suspense fallback={<KioskPending />}>
        {page === "start" ? (
          <Start />
        ) : page === "sheet" ? (
          <SheetPage />
        ) : page === "signIn" ? (
          <SignInPage />
        ) : page === "disconnected" ? (
          <DisconnectedPage />
        ) : (
          <KioskNotFound />
        )}
      </Suspense>
    </PageErrors>
  );
  return page === "sheet" || page === "signIn" ? <LiveSheet>{shown}</LiveSheet> : shown;
}

/**
 * /sheet/, the web manifest's start URL: the setup call left the location's id in the tablet's
 * readable cookie, so the tablet lands on its own sheet, or on the home page if it has none.
 */
function Start() {
  useEffect(() => {
    const locationId = readCookie(cookieNames.sheetId);
    navigate(locationId ? sheetHref(Number(locationId)) : "/", { replace: true });
  }, []);
  return <KioskPending />;
}

class PageErrors extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <KioskError error={error} reset={() => this.setState({ error: undefined })} />;
  }
}
