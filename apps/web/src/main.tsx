import "./mantine-styles.ts";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { setCurrentUser } from "./lib/session";
import { onUnauthorized, queryClient } from "./lib/trpc";
import { router } from "./router";
import { theme } from "./theme";

// A 401 from any call means the session is gone: forget the user and go to /login (spec section 8),
// remembering the page so logging in again returns there.
onUnauthorized(() => {
  setCurrentUser(null);
  const { pathname, href } = router.state.location;
  if (pathname === "/login") return;
  void router.navigate({ to: "/login", state: (state) => ({ ...state, from: href }) });
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
