import { TRPCError } from "@trpc/server";
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
  it("never shows what went wrong inside a 500", () => {
    const described = describeError(
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: 'relation "users" does not exist' }),
    );
    expect(described).toEqual({ status: 500, message: "Internal server error" });
  });
});
