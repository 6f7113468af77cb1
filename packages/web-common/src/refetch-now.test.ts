import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refetchNow } from "./refetch-now.ts";

/** A query whose answers the test gives, one per fetch, in the order the fetches were sent. */
function answered() {
  const fetches: Array<(value: string) => void> = [];
  return {
    queryFn: () => new Promise<string>((resolve) => fetches.push(resolve)),
    fetches,
  };
}

/** Resolves once `check` holds, or rejects after a second. */
async function until(check: () => boolean) {
  const deadline = Date.now() + 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within a second");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe("refetchNow", () => {
  it("fetches again a list whose first fetch is still in flight, and shows the later answer", async () => {
    const client = new QueryClient();
    const { queryFn, fetches } = answered();
    const observer = new QueryObserver(client, { queryKey: ["visits", 1], queryFn });
    const stop = observer.subscribe(() => undefined);
    await until(() => fetches.length === 1);
    // A change the first fetch may have been answered before: the list is fetched again.
    const refreshed = refetchNow(client, { queryKey: ["visits"] });
    await until(() => fetches.length === 2);
    fetches[0]!("before the change");
    fetches[1]!("after the change");
    await refreshed;
    await until(() => observer.getCurrentResult().data !== undefined);
    expect(observer.getCurrentResult().data).toBe("after the change");
    stop();
  });

  it("fetches a shown list again once, whether or not a fetch of it is in flight, and keeps it on screen meanwhile", async () => {
    const client = new QueryClient();
    const { queryFn, fetches } = answered();
    const observer = new QueryObserver(client, { queryKey: ["visits", 2], queryFn });
    const stop = observer.subscribe(() => undefined);
    await until(() => fetches.length === 1);
    fetches[0]!("shown");
    await until(() => observer.getCurrentResult().data === "shown");
    const refreshed = refetchNow(client, { queryKey: ["visits"] });
    await until(() => fetches.length === 2);
    expect(observer.getCurrentResult().data).toBe("shown");
    // Another change while that fetch is in flight: one more, and only the last is kept.
    const again = refetchNow(client, { queryKey: ["visits"] });
    await until(() => fetches.length === 3);
    fetches[2]!("after both");
    fetches[1]!("after the first");
    await Promise.all([refreshed, again]);
    expect(observer.getCurrentResult().data).toBe("after both");
    expect(fetches).toHaveLength(3);
    stop();
  });

  it("leaves alone the lists the filters do not name", async () => {
    const client = new QueryClient();
    const { queryFn, fetches } = answered();
    const observer = new QueryObserver(client, { queryKey: ["locations"], queryFn });
    const stop = observer.subscribe(() => undefined);
    await until(() => fetches.length === 1);
    await refetchNow(client, { queryKey: ["visits"] });
    fetches[0]!("locations");
    await until(() => observer.getCurrentResult().data === "locations");
    expect(fetches).toHaveLength(1);
    stop();
  });
});
