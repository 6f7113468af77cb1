import { doorPathPattern, kioskBase, kioskPathPattern } from "../src/addresses.js";

// `pnpm dev`: the API server (apps/server), the staff app's Vite and the kiosk's Vite, each on its
// own port. Open the staff app's: it answers the kiosk's addresses (/sheet/…, and the door's /d/…) from the kiosk's
// server and the API's paths from the API server, all on one origin, so the session and XSRF
// cookies work as in production. Plain JavaScript, as the Vite configs are loaded by Node itself.
const ports = { api: 3000, staff: 5173, kiosk: 5174 };

const apiServer = `http://localhost:${ports.api}`;
const apiProxy = { "/api": apiServer, "/trpc": apiServer, "/files": apiServer };

/**
 * The dev server of one app; the kiosk's serves under /sheet/ so the staff app's can forward it all.
 * @param {"staff" | "kiosk"} app
 * @returns {import("vite").ServerOptions}
 */
export function devServer(app) {
  if (app === "kiosk") return { port: ports.kiosk, strictPort: true, proxy: apiProxy };
  return {
    port: ports.staff,
    strictPort: true,
    proxy: {
      ...apiProxy,
      [kioskPathPattern.source]: {
        target: `http://localhost:${ports.kiosk}`,
        // Its module reloading too.
        ws: true,
        // The kiosk's server answers under /sheet/ only: /sheet (or /sheet?…) is /sheet/ there.
        rewrite: (url) =>
          url.startsWith(kioskBase) ? url : kioskBase + url.slice(kioskBase.length - 1),
      },
      // The door's page (/d/<code>): the kiosk's door.html, which reads its code from the address.
      [doorPathPattern.source]: {
        target: `http://localhost:${ports.kiosk}`,
        rewrite: () => `${kioskBase}door.html`,
      },
    },
  };
}
