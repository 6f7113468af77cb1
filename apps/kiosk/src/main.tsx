import "./styles/kiosk.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { tabletDisconnectedMessage } from "@vsi/api/schemas";
import { disconnectedPath } from "@vsi/web-common/addresses";
import { goToStaffLogin } from "@vsi/web-common/login-return";
import { onUnauthorized, queryClient } from "@vsi/web-common/query-client";
import { navigate } from "./pages/address";
import { KioskApp } from "./pages/KioskApp";

// The kiosk (index.html, served for /sheet/…): the sheet and its sign-in form only, so a tablet's
// first visit stays small (no Mantine, no tRPC client, no staff page); the staff app is apps/web.

// A 401: a tablet that staff disconnected says so (a login form on a wall would invite visitors to
// try it); any other goes to the staff login, a full page load (another app), and back here after.
onUnauthorized((error) => {
  if (error instanceof Error && error.message === tabletDisconnectedMessage) {
    navigate(disconnectedPath, { replace: true });
    return;
  }
  goToStaffLogin(window.location.pathname + window.location.search);
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <KioskApp />
    </QueryClientProvider>
  </StrictMode>,
);
