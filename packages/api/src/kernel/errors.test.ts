import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  conflict,
  describeError,
  forbidden,
  HttpError,
  invalid,
  tooManyRequests,
} from "./errors.ts";
import { catalogMessages, fieldMessages, said, say, visitMessages } from "./messages.ts";

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
  it("gives every message its key and values: a schema's, a thrown one's, zod's own words and the web server's", () => {
    const parsed = z
      .object({
        PhoneNumber: z.string().regex(/^\d{10}$/, say(visitMessages.phone)),
        Name: z.string().min(1, say(fieldMessages.required, { label: "Name" })),
        Age: z.number(),
      })
      .safeParse({ PhoneNumber: "12", Name: "", Age: "x" });
    expect(describeError(new TRPCError({ code: "BAD_REQUEST", cause: parsed.error }))).toEqual({
      status: 422,
      message: "Validation failed",
      key: "validationFailed",
      values: {},
      errors: [
        {
          path: "PhoneNumber",
          message: "Phone number must be 10 digits",
          key: "phone",
          values: {},
        },
        { path: "Name", message: "Name is required", key: "required", values: { label: "Name" } },
        {
          path: "Age",
          message: expect.stringMatching(/^Invalid input/),
          key: "invalidInput",
          values: {},
        },
      ],
    });
    expect(describeError(forbidden())).toMatchObject({
      status: 403,
      key: "notAllowed",
      values: {},
    });
    const taken = said(catalogMessages.programNameTaken, { name: "Pantry" });
    expect(describeError(invalid("Name", taken))).toMatchObject({
      status: 422,
      key: "programNameTaken",
      values: { name: "Pantry" },
      errors: [{ path: "Name", ...taken }],
    });
    expect(describeError(conflict(say(visitMessages.alreadySignedIn), {}))).toMatchObject({
      status: 409,
      message: "This phone number is already signed in here",
      key: "alreadySignedIn",
    });
    const fastify = Object.assign(new Error("Body is not valid JSON"), { statusCode: 400 });
    expect(describeError(fastify)).toEqual({
      status: 400,
      message: "Body is not valid JSON",
      key: "requestRefused",
      values: {},
    });
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
    expect(describeError(failure)).toEqual({
      status: 500,
      message: "Internal server error",
      key: "internal",
      values: {},
    });
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
    expect(described).toEqual({
      status: 500,
      message: "Internal server error",
      key: "internal",
      values: {},
    });
  });
});
