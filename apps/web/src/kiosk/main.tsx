import "../styles/kiosk.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { tabletDisconnectedMessage } from "@vsi/api/schemas";
import { goToStaffLogin } from "../lib/otherEntry";
import { onUnauthorized, queryClient } from "../lib/queryClient";
import { navigate } from "./address";
import { KioskApp } from "./KioskApp";

// The kiosk's own entry (kiosk.html, served for /sheet/…): the sheet and its sign-in form only, so a
// tablet's first visit stays small (no Mantine, no tRPC client, no staff page); the staff app is
// index.html.

// A 401: a tablet that staff disconnected says so (a login form on a wall would invite visitors to
// try it); any other goes to the staff login, a full page load (another entry), and back here after.
onUnauthorized((error) => {
  if (error instanceof Error && error.message === tabletDisconnectedMessage) {
    navigate("/sheet/disconnected", { replace: true });
    return;
  }
  goToStaffLogin(window.location.pathname + window.location.search);
});

const root = document.getElementById("root");
if (!root) throw new Error("kiosk.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <KioskApp />
    </QueryClientProvider>
  </StrictMode>,
);
