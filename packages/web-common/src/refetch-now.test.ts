import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { refetchNow } from "./refetch-now.ts";

/**
 * A list on screen (a query with an observer), whose answers the test gives, one per fetch in the
 * order they were sent; resolves once its first fetch is sent.
 */
async function shownList(queryKey: unknown[]) {
  const client = new QueryClient();
  const fetches: Array<(value: string) => void> = [];
  const queryFn = () => new Promise<string>((resolve) => fetches.push(resolve));
  const observer = new QueryObserver(client, { queryKey, queryFn });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(fetches).toHaveLength(1));
  return { client, fetches, shown: () => observer.getCurrentResult().data, stop };
}

describe("refetchNow", () => {
  it("fetches again a list whose first fetch is still in flight, and shows the later answer", async () => {
    const { client, fetches, shown, stop } = await shownList(["visits", 1]);
    // A change the first fetch may have been answered before: the list is fetched again.
    const refreshed = refetchNow(client, { queryKey: ["visits"] });
    await vi.waitFor(() => expect(fetches).toHaveLength(2));
    fetches[0]!("before the change");
    fetches[1]!("after the change");
    await refreshed;
    await vi.waitFor(() => expect(shown()).toBeDefined());
    expect(shown()).toBe("after the change");
    stop();
  });

  it("fetches a shown list again once, whether or not a fetch of it is in flight, and keeps it on screen meanwhile", async () => {
    const { client, fetches, shown, stop } = await shownList(["visits", 2]);
    fetches[0]!("shown");
    await vi.waitFor(() => expect(shown()).toBe("shown"));
    const refreshed = refetchNow(client, { queryKey: ["visits"] });
    await vi.waitFor(() => expect(fetches).toHaveLength(2));
    expect(shown()).toBe("shown");
    // Another change while that fetch is in flight: one more, and only the last is kept.
    const again = refetchNow(client, { queryKey: ["visits"] });
    await vi.waitFor(() => expect(fetches).toHaveLength(3));
    fetches[2]!("after both");
    fetches[1]!("after the first");
    await Promise.all([refreshed, again]);
    expect(shown()).toBe("after both");
    expect(fetches).toHaveLength(3);
    stop();
  });

  it("leaves alone the lists the filters do not name", async () => {
    const { client, fetches, shown, stop } = await shownList(["locations"]);
    await refetchNow(client, { queryKey: ["visits"] });
    fetches[0]!("locations");
    await vi.waitFor(() => expect(shown()).toBe("locations"));
    expect(fetches).toHaveLength(1);
    stop();
  });
});
