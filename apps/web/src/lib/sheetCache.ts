import type { QueryFunction, QueryFunctionContext, QueryKey } from "@tanstack/react-query";
import { isRetryable } from "./apiErrors";
import { readValue, writeValue } from "./offlineStore";
import { trpc } from "./trpc";

// The last answer of each kiosk query, kept on the tablet: with no network the sheet still opens
// (the service worker has the app) and shows the location and the list it last had.

/**
 * The same query, run even when the browser says it is offline, that saves each answer and falls
 * back to the saved one when the server cannot be reached. A refusal (401, 403, 404) is not
 * papered over: it still fails.
 */
export function withOfflineFallback<O extends { queryKey: QueryKey; queryFn?: unknown }>(options: O): O {
  const queryFn = options.queryFn;
  if (typeof queryFn !== "function") return options;
  const run = queryFn as QueryFunction;
  const key = JSON.stringify(options.queryKey);
  return {
    ...options,
    networkMode: "always",
    queryFn: async (context: QueryFunctionContext) => {
      try {
        const data = await run(context);
        writeValue("cache", key, data).catch(() => {
          // Storage full or unavailable: the sheet still works online.
        });
        return data;
      } catch (error) {
        if (!isRetryable(error)) throw error;
        const saved = await readValue("cache", key).catch(() => undefined);
        if (saved === undefined) throw error;
        return saved;
      }
    },
  };
}

/** The location a sheet shows (its name, address and programs), from the tablet when offline. */
export function kioskLocationQuery(id: number) {
  return withOfflineFallback(trpc.locations.get.queryOptions({ id }));
}
