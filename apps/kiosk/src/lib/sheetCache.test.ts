import "fake-indexeddb/auto";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { question } from "../test/questions";
import { kioskQuestionsQuery, withOfflineFallback } from "./sheetCache";

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

describe("the location's questions, kept on the tablet", () => {
  afterEach(() => vi.unstubAllGlobals());
  const ask = (locationId: number) =>
    kioskQuestionsQuery(locationId).queryFn({
      signal: new AbortController().signal,
    } as QueryFunctionContext);
  const server = (answer: () => Promise<Response>) => vi.stubGlobal("fetch", vi.fn(answer));
  const zip = question({ Kind: "zip", Required: true });

  it("are asked from the tablet with no network, as the server last said them", async () => {
    server(() => Promise.resolve(new Response(JSON.stringify([zip]), { status: 200 })));
    expect(await ask(31)).toEqual([zip]);
    server(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await ask(31)).toEqual([zip]);
  });

  it("are none on a tablet offline that never read them: the form still opens", async () => {
    server(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await ask(32)).toEqual([]);
  });

  it("are not made up when the server refuses to say them", async () => {
    server(() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 403, message: "No" }), { status: 403 }),
      ),
    );
    await expect(ask(33)).rejects.toMatchObject({ shape: { status: 403 } });
  });
});
