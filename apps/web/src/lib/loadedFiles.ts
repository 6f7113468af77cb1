// The build's files this page has loaded (hashed, under /static/), noted from the app's start: what
// the roll-call screen's service worker keeps. An observer sees every one, where the performance
// timeline's buffer (250 entries, each API call one) fills on a page left open for an hour.

const files = new Set<string>();
let observer: PerformanceObserver | undefined;

function note(address: string): void {
  const url = new URL(address, window.location.href);
  if (url.origin === window.location.origin && url.pathname.startsWith("/static/"))
    files.add(url.pathname);
}

/** Once, at the app's start (main.tsx), before the buffer can fill. */
export function noteLoadedFiles(): void {
  if (typeof PerformanceObserver === "undefined") return;
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) note(entry.name);
  });
  observer.observe({ type: "resource", buffered: true });
}

/** Every file noted so far, with the page's own scripts and stylesheets. */
export function loadedFiles(): string[] {
  // Those not yet handed to the observer's callback, which runs a moment later.
  for (const entry of observer?.takeRecords() ?? []) note(entry.name);
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    "script[src], link[href]",
  ))
    note("src" in element ? element.src : element.href);
  return [...files];
}
