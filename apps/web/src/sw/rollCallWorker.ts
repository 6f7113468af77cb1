import { rollCallScope, type KeepMessage } from "../lib/rollCallAddresses";
import type { WorkerScope } from "@vsi/web-common/service-worker";

// The staff app's service worker, built to /roll-call-sw.js and registered by the roll-call screen
// alone, for its own addresses (rollCallScope): a staff phone that opened a roll call can reload it
// with no network. It keeps the app's page and the files the screen loaded (the page names them),
// and nothing else: never an answer of /api, /trpc or /files (the roll call's last state is the
// page's own, in localStorage), and no other staff page, which is not its client. The page comes
// from the network whenever there is one, so a new version of the app arrives as usual.

const worker = self as unknown as WorkerScope;
const cacheName = "vsi-roll-call";
/** The page every roll call's address opens with: the staff app's, kept under the scope's path. */
const shell = rollCallScope;
const hashed = "/static/";

worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));

/**
 * Keeps the page and the files the screen loaded, and drops any other (an older version's). The
 * page is kept only when it loads that same entry script: a newer page waits for its own files.
 */
async function keep({ entry, files }: KeepMessage): Promise<void> {
  const cache = await caches.open(cacheName);
  const page = await fetch(shell, { cache: "no-cache" });
  if (!page.ok || !(await page.clone().text()).includes(entry)) return;
  const kept = files.filter((file) => file.startsWith(hashed));
  await cache.addAll(kept);
  await cache.put(shell, page);
  const wanted = new Set([shell, ...kept]);
  for (const request of await cache.keys())
    if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
}

worker.addEventListener("message", (event) => {
  const message = event.data as Partial<KeepMessage> | null;
  if (message?.type === "keep" && typeof message.entry === "string" && Array.isArray(message.files))
    event.waitUntil(keep(message as KeepMessage).catch(() => undefined));
});

/** How long a page may take from the network before the kept one opens (a weak signal outdoors). */
const networkWaitMs = 4_000;

/**
 * The network's page when it comes (a new version arrives as usual); the kept one when the network
 * fails, the server does, or the answer is slow.
 */
async function page(request: Request): Promise<Response> {
  const network = fetch(request);
  // A network failure after the kept page answered is nobody's concern.
  network.catch(() => undefined);
  const kept = () => caches.match(shell, { cacheName });
  try {
    const slow = new Promise<undefined>((resolve) => setTimeout(resolve, networkWaitMs));
    const response = await Promise.race([network, slow]);
    if (response && response.status < 500) return response;
    return (await kept()) ?? response ?? (await network);
  } catch {
    return (await kept()) ?? Response.error();
  }
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(page(request));
    return;
  }

  // Hashed files never change: the kept copy first, else the network (kept for next time).
  if (url.pathname.startsWith(hashed))
    event.respondWith(
      caches.open(cacheName).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) void cache.put(request, response.clone());
        return response;
      }),
    );
});
