import type { KeepMessage } from "./rollCallAddresses";
import { loadedFiles } from "./loadedFiles";
import { rollCallScope, rollCallWorkerFile } from "./rollCallAddresses";

// The roll-call screen registers the staff app's service worker (src/sw/rollCallWorker.ts) for its
// own addresses and tells it which files it loaded, so the screen opens again with no network.

function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  return new Promise((resolve) => {
    const check = () => {
      if (registration.active) resolve(registration.active);
      else
        (registration.installing ?? registration.waiting)?.addEventListener("statechange", check);
    };
    check();
  });
}

export function keepRollCallScreen(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const entry = document.querySelector<HTMLScriptElement>("script[type=module][src]");
  if (!entry) return;
  navigator.serviceWorker
    .register(`/${rollCallWorkerFile}`, { scope: rollCallScope })
    .then(activated)
    .then((worker) =>
      worker.postMessage({
        type: "keep",
        entry: new URL(entry.src).pathname,
        files: loadedFiles(),
      } satisfies KeepMessage),
    )
    .catch((error: unknown) => console.error("service worker not registered", error));
}
