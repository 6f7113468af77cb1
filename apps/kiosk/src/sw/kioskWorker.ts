import { isKioskPath, kioskBase } from "@vsi/web-common/addresses";
import type { WorkerScope } from "@vsi/web-common/service-worker";

// The kiosk's service worker, built to /sw.js. It keeps the kiosk (its page and every file of its
// build) on the tablet, so /sheet/… opens with no network, and serves those files from its cache,
// so a second load fetches no JavaScript. It never answers for /api, /trpc or /files: sessions, CSV
// downloads, streams and pictures always go to the server, and staff pages (the other app) always
// come from the server too. Each build writes a new list (and cache name) into this file; the new
// worker takes over at once and drops the old build's cache.

// Replaced at build time (vite/kioskServiceWorker.ts) by the build's own list and version.
const precache = "__VSI_PRECACHE__" as unknown as string[];
const version = "__VSI_VERSION__";

const worker = self as unknown as WorkerScope;
const prefix = "vsi-kiosk-";
const cacheName = prefix + version;
/** The kiosk's page, which the server answers /sheet/… with; the first file of the list. */
const shell = kioskBase;
/** Answered by the server alone, never from or into the cache. */
const serverOnly = /^\/(api|trpc|files|healthz)(\/|$)/;

worker.addEventListener("install", (event) => {
  // Hashed chunks the page already loaded come from the HTTP cache here, not the network.
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(precache))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(prefix) && name !== cacheName)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || serverOnly.test(url.pathname)) return;

  if (request.mode === "navigate") {
    // The kiosk opens from the cache (a new build arrives through the worker's update). Staff
    // pages are another app, not kept here: they come from the server.
    if (isKioskPath(url.pathname))
      event.respondWith(
        caches.match(shell, { cacheName }).then((cached) => cached ?? fetch(request)),
      );
    return;
  }

  // Hashed chunks never change: the cache first, the network (remembered) for any other chunk.
  if (url.pathname.startsWith("/static/") || precache.includes(url.pathname)) {
    event.respondWith(
      caches.open(cacheName).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok && url.pathname.startsWith("/static/"))
          void cache.put(request, response.clone());
        return response;
      }),
    );
  }
});
