import { AppShell } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { createRootRoute, Outlet } from "@tanstack/react-router";
import { AppHeader } from "../components/AppHeader";
import { ErrorFallback } from "../components/ErrorFallback";
import { MobileMenu } from "../components/MobileMenu";
import { NotFound } from "../components/NotFound";

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorFallback,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: "md", collapsed: { mobile: !menuOpened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar hiddenFrom="md">
        {/* Rendered only while open, so the folded menu never duplicates the header's links for screen readers. */}
        {menuOpened ? <MobileMenu onNavigate={menu.close} /> : null}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
