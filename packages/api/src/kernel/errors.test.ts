import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeError, HttpError, invalid, tooManyRequests } from "./errors.ts";

describe("describeError", () => {
  it("turns zod input errors into the contract's 422 with field paths", () => {
    const parsed = z
      .object({ email: z.string(), nested: z.object({ n: z.number() }) })
      .safeParse({ email: 1, nested: { n: "x" } });
    const error = new TRPCError({ code: "BAD_REQUEST", cause: parsed.error });
    const described = describeError(error);
    expect(described.status).toBe(422);
    expect(described.errors?.map((e) => e.path)).toEqual(["email", "nested.n"]);
  });
  it("keeps statuses tRPC has no code for, and headers", () => {
    expect(describeError(new HttpError(410, "Sorry")).status).toBe(410);
    expect(describeError(invalid("email", "Email already registered"))).toMatchObject({
      status: 422,
      errors: [{ path: "email", message: "Email already registered" }],
    });
    expect(describeError(tooManyRequests(2.2)).headers).toEqual({ "Retry-After": "3" });
  });
  it("makes an answer that fails its own schema a 500, never the caller's 422; the cause stays on the error for the log", async () => {
    const t = initTRPC.create();
    const router = t.router({
      figure: t.procedure
        .input(z.object({ n: z.number() }))
        .output(z.object({ mean: z.number() }))
        .query(() => ({ mean: Number.POSITIVE_INFINITY })),
    });
    const caller = t.createCallerFactory(router)({});
    const failure = await caller.figure({ n: 1 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TRPCError);
    expect(describeError(failure)).toEqual({ status: 500, message: "Internal server error" });
    expect((failure as TRPCError).cause?.name).toBe("ZodError");
    // Its input, wrong, is still the caller's 422.
    const refused = await caller.figure({ n: "x" } as never).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(describeError(refused)).toMatchObject({ status: 422, errors: [{ path: "n" }] });
  });

  it("never shows what went wrong inside a 500", () => {
    const described = describeError(
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: 'relation "users" does not exist' }),
    );
    expect(described).toEqual({ status: 500, message: "Internal server error" });
  });
});
