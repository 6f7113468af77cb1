import "fake-indexeddb/auto";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { withOfflineFallback } from "./sheetCache";

const context = {} as QueryFunctionContext;
const query = (day: string, answer: () => Promise<unknown>) =>
  withOfflineFallback({ queryKey: ["visits", { day }], queryFn: answer }, "visits:1:2");
const run = (options: ReturnType<typeof query>) =>
  (options.queryFn as (context: QueryFunctionContext) => Promise<unknown>)(context);
const noAnswer = () => Promise.reject(new Error("Failed to fetch"));

describe("the sheet's last answer, kept on the tablet", () => {
  it("answers from the tablet when the server cannot be reached, for that same query only", async () => {
    expect(await run(query("2026-11-22", () => Promise.resolve(["Ana"])))).toEqual(["Ana"]);
    expect(await run(query("2026-11-22", noAnswer))).toEqual(["Ana"]);
    // Tomorrow's sheet is not yesterday's list.
    await expect(run(query("2026-11-23", noAnswer))).rejects.toThrow("Failed to fetch");
  });

  it("does not hide a refusal behind the kept answer", async () => {
    await run(query("2026-11-24", () => Promise.resolve(["Ben"])));
    const unauthorized = Object.assign(new Error("This tablet was disconnected"), {
      data: { httpStatus: 401 },
    });
    await expect(run(query("2026-11-24", () => Promise.reject(unauthorized)))).rejects.toBe(
      unauthorized,
    );
  });

  it("runs even while the browser says it is offline", () => {
    expect(query("2026-11-22", noAnswer)).toMatchObject({ networkMode: "always" });
  });
});
