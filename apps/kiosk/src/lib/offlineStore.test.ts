import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { deleteValue, readAll, readValue, writeValue } from "./offlineStore";

describe("the tablet's store (IndexedDB)", () => {
  it("keeps queue entries and cached answers apart, and forgets what is deleted", async () => {
    await writeValue("queue", "a", { key: "a", seq: 1 });
    await writeValue("queue", "b", { key: "b", seq: 2 });
    await writeValue("cache", "list", [{ id: 7 }]);
    expect(await readAll("queue")).toEqual([
      { key: "a", seq: 1 },
      { key: "b", seq: 2 },
    ]);
    expect(await readValue("cache", "list")).toEqual([{ id: 7 }]);
    await deleteValue("queue", "a");
    expect(await readAll("queue")).toEqual([{ key: "b", seq: 2 }]);
    expect(await readValue("cache", "missing")).toBeUndefined();
  });
});
