import http from "node:http";
import { queueEvents } from "@vsi/api/schemas";
import { sseReader } from "@vsi/test-utils";

/**
 * A line's stream (a now-serving screen's or a visitor's phone's, `path`) on `origin`, on a socket
 * of its own from `localAddress`: `onChange` at every `queue` or `refresh`, as the pages read the
 * line again; `onPushed` with what the stream brings of itself: a screen's view (`screen`), a
 * phone's own visit (`yours`). Resolved once the server says ready.
 */
export function openLineStream(
  origin: string,
  path: string,
  localAddress: string,
  onChange: () => void,
  onPushed: (data: string) => void = () => {},
) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { agent: false, localAddress }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${path}: ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on(
        "data",
        sseReader(({ event, data }) => {
          if (event === queueEvents.ready) resolve(request);
          else if (event === queueEvents.queue || event === queueEvents.refresh) onChange();
          else if (
            (event === queueEvents.screen || event === queueEvents.yours) &&
            data !== undefined
          )
            onPushed(data);
        }),
      );
    });
    request.on("error", reject);
  });
}

/**
 * `read` run at each trigger, never two at once: a trigger during a read runs one more after it
 * (what changed meanwhile is read then), however many came.
 */
export function coalesced(read: () => Promise<void>): () => void {
  let [reading, again] = [false, false];
  const go = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    void read()
      .catch(() => {})
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          go();
        }
      });
  };
  return go;
}

/** The loopback address of the `i`th phone or screen of a `block` (each its own address, as phones have). */
export const ownAddress = (block: number, i: number) =>
  `127.${block}.${Math.floor(i / 250)}.${1 + (i % 250)}`;
