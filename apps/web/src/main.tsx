import "./mantine-styles.ts";
import "./styles.css";
import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useMemo, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { tabletDisconnectedMessage } from "@vsi/api/schemas";
import { disconnectedPath } from "@vsi/web-common/addresses";
import { onUnauthorized, queryClient } from "@vsi/web-common/query-client";
import { noteLoadedFiles } from "./lib/loadedFiles";
import { forgetStaleRollCall } from "./lib/offlineRollCall";
import { router } from "./router";
import { theme } from "./theme";

// A 401 from any call means the session is gone: forget the user and go to /login,
// remembering the page so logging in again returns there. A tablet that staff disconnected says so
// instead: a login form on a wall would invite visitors to try it.
onUnauthorized(async (error) => {
  // Loaded only now: the session (and with it the tRPC client) would otherwise weigh on every page's first load.
  const { setCurrentUser } = await import("./lib/session");
  setCurrentUser(null);
  if (error instanceof Error && error.message === tabletDisconnectedMessage) {
    // The kiosk is another app: a full page load.
    window.location.replace(disconnectedPath);
    return;
  }
  const { pathname, href } = router.state.location;
  if (pathname === "/login") return;
  void router.navigate({ to: "/login", state: (state) => ({ ...state, from: href }) });
});

/** Mantine's theme with the words it puts on components in the reader's language. */
function StaffTheme({ children }: { children: ReactNode }) {
  const { t } = useStaffTranslation();
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: {
            defaultProps: { visibilityToggleButtonProps: { "aria-label": t("common.showHide") } },
          },
        },
      }),
    [t],
  );
  return <MantineProvider theme={themed}>{children}</MantineProvider>;
}

noteLoadedFiles();
forgetStaleRollCall(Date.now());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <StaffTheme>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StaffTheme>
  </StrictMode>,
);
