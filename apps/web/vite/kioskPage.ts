import type { Plugin } from "vite";

// The kiosk is an entry of its own (kiosk.html); the server answers /sheet and /sheet/… with it
// (apps/server/src/app.ts). This does the same in `vite` dev, before Vite's own index.html fallback.

const kioskPath = /^\/sheet(?:[/?#]|$)/;

export function kioskPage(): Plugin {
  return {
    name: "vsi:kiosk-page",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const accept = request.headers.accept ?? "";
        if (
          request.method === "GET" &&
          kioskPath.test(request.url ?? "") &&
          accept.includes("text/html")
        )
          request.url = "/kiosk.html";
        next();
      });
    },
  };
}
