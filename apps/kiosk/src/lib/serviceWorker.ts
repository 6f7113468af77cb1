// The kiosk's service worker (public path /sw.js, built by vite/kioskServiceWorker.ts) keeps the
// app on the tablet so that /sheet/… opens with no network. Only the kiosk registers it.

let registered = false;

export function registerKioskWorker(): void {
  if (registered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registered = true;
  const container = navigator.serviceWorker;
  // A new build's worker takes over at once (skipWaiting); the page then reloads into the new build,
  // but never under a visitor's half-typed form: it waits until the tablet is back on the sheet.
  const hadController = container.controller !== null;
  container.addEventListener("controllerchange", () => {
    if (!hadController) return;
    const reloadWhenIdle = () => {
      if (
        window.location.pathname.endsWith("/sign-in") ||
        document.querySelector('[role="dialog"]')
      )
        setTimeout(reloadWhenIdle, 2_000);
      else window.location.reload();
    };
    reloadWhenIdle();
  });
  container.register("/sw.js").then(
    // A kiosk may run for days without a page load (when the browser looks for a new worker by
    // itself): look every hour.
    (registration) =>
      setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000),
    (error: unknown) => console.error("service worker not registered", error),
  );
}
