import type { QueryFunction, QueryFunctionContext, QueryKey } from "@tanstack/react-query";
import { isRetryable } from "@vsi/web-common/api-errors";
import { readValue, writeValue } from "./offlineStore";
import { kioskApi, locationKey, questionsKey } from "./kioskApi";

// The last answer of each kiosk query, kept on the tablet: with no network the sheet still opens
// (the service worker has the app) and shows the location and the list it last had.

/**
 * The same query, run even when the browser says it is offline, that saves each answer and falls
 * back to the saved one when the server cannot be reached. A refusal (401, 403, 404) is not
 * papered over: it still fails.
 */
export function withOfflineFallback<O extends { queryKey: QueryKey; queryFn?: unknown }>(
  options: O,
  slot: string,
): O {
  const queryFn = options.queryFn;
  if (typeof queryFn !== "function") return options;
  const run = queryFn as QueryFunction;
  // One answer kept per slot (a program's sheet, a location), used only for the very same query:
  // yesterday's list never stands in for today's, and the tablet keeps no history.
  const key = JSON.stringify(options.queryKey);
  return {
    ...options,
    networkMode: "always",
    queryFn: async (context: QueryFunctionContext) => {
      try {
        const data: unknown = await run(context);
        writeValue("cache", slot, { key, data }).catch(() => {
          // Storage full or unavailable: the sheet still works online.
        });
        return data;
      } catch (error) {
        if (!isRetryable(error)) throw error;
        const saved = await readValue<{ key: string; data: unknown }>("cache", slot).catch(
          () => undefined,
        );
        if (saved?.key !== key) throw error;
        return saved.data;
      }
    },
  };
}

/** The location a sheet shows (its name, address and programs), from the tablet when offline. */
export function kioskLocationQuery(id: number) {
  return withOfflineFallback(
    {
      queryKey: locationKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => kioskApi.location(id, signal),
    },
    `location:${id}`,
  );
}

/**
 * The location's intake questions (every program's; the form picks its program's), from the
 * tablet when offline, so a visitor is asked them with no network too. A tablet offline that never
 * read them (it lost the network before its sheet did) opens the form without them rather than a
 * broken screen: the server then says which answers a kept sign-in still needs.
 */
export function kioskQuestionsQuery(locationId: number) {
  const query = withOfflineFallback(
    {
      queryKey: questionsKey(locationId),
      queryFn: ({ signal }: { signal: AbortSignal }) => kioskApi.questions(locationId, signal),
    },
    `questions:${locationId}`,
  );
  return {
    ...query,
    queryFn: async (context: QueryFunctionContext) => {
      try {
        return await query.queryFn(context);
      } catch (error) {
        if (!isRetryable(error)) throw error;
        return [];
      }
    },
  };
}
