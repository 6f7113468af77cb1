import { z } from "zod";
import { id, text } from "../kernel/schema.ts";
import { fieldMessages, reportMessages, say } from "../kernel/messages.ts";
import { calendarDate } from "../kernel/calendar.ts";
import { periodDays } from "../kernel/calendar.ts";

/** The desk a number is called to, as staff name it ("2", "Desk B"). */
export const queueDesk = text()
  .trim()
  .min(1, say(fieldMessages.required, { label: "Desk" }))
  .max(40, say(fieldMessages.tooLong, { label: "Desk" }))
  .meta({ description: "the desk or window the visitor goes to", example: "2" });

export const callNextInput = z.object({
  id,
  desk: queueDesk,
  programId: id.optional().meta({
    description: "call the first who waits for this program (its own line, where it has one)",
  }),
});
export const callInput = z.object({ id, desk: queueDesk });
/** Served: a desk also serves a number that still waits, called to that desk at once. */
export const servedInput = z.object({
  id,
  desk: queueDesk.optional().meta({
    description:
      "the desk serving a number that still waits (the visitor at the desk): it is called there and served at once; without it, only a called number is served",
    example: "2",
  }),
});

/** A screen's code: what its link carries. */
export const screenCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, say(fieldMessages.invalid, { label: "Code" }));
export const screenCodeParam = z.object({ code: screenCode });

/** The line a number is in: a program's own, or null for the location's shared line. */
const queueLine = z
  .object({ id: z.number().int(), Name: z.string(), NameEs: z.string().nullable() })
  .nullable()
  .meta({
    description:
      "the program whose own line the number is in (OwnQueue); null: the location's shared line",
  });

export const queueSchema = z
  .object({
    serving: z
      .array(
        z.object({
          number: z.number().int(),
          desk: z.string().nullable(),
          visitId: z.number().int(),
          line: queueLine,
        }),
      )
      .meta({ description: "called and not yet served nor marked not present, latest call first" }),
    waiting: z
      .array(z.object({ number: z.number().int(), visitId: z.number().int(), line: queueLine }))
      .meta({ description: "in the order they will be called" }),
  })
  .meta({ id: "Queue" });
export type QueueView = z.infer<typeof queueSchema>;

export const screenSchema = z
  .object({
    location: z.object({ id: z.number().int(), Name: z.string() }),
    serving: z.array(
      z.object({ number: z.number().int(), desk: z.string().nullable(), line: queueLine }),
    ),
    waiting: z.array(z.number().int()),
    waitingLines: z.array(z.object({ line: queueLine, numbers: z.array(z.number().int()) })).meta({
      description:
        "the numbers waiting, line by line (the location's shared line first): one entry where the location has one line",
    }),
  })
  .meta({ id: "QueueScreen" });
export type QueueScreen = z.infer<typeof screenSchema>;

export const screenCreatedSchema = z
  .object({
    code: z.string(),
    url: z.string().meta({ description: "the screen's page, <address>/screen/<code>" }),
  })
  .meta({ id: "QueueScreenCode" });

export const screenEntrySchema = screenCreatedSchema
  .extend({ createdAt: z.string().meta({ description: "ISO time the screen was made" }) })
  .meta({ id: "QueueScreenEntry" });

/** One of a location's screens, by its code. */
export const screenRevokeInput = z.object({ id, code: screenCode });

/**
 * The events of a line's stream (a screen's, a visitor's phone's): `ready` once listening, then
 * `queue` ({locationId}) whenever the location's line may have changed, `refresh` when changes may
 * have been missed; each says to read the line again, and none carries a name. A screen's stream
 * gets `screen` instead of `queue`: what the screen shows, read once for all the location's
 * screens, so a call shows without a read of each screen's own (`queue` when that read failed). A
 * phone's stream also gets `yours`, its own visit as GET /api/door/visits/{visitToken} answers it,
 * whenever that visit changes (called, served, signed out): its turn shows without a read either.
 */
export const queueEvents = {
  ready: "ready",
  queue: "queue",
  screen: "screen",
  refresh: "refresh",
  yours: "yours",
} as const;
export const screenEventsPath = (code: string) => `/api/screen/${encodeURIComponent(code)}/events`;
export const doorVisitEventsPath = (visitToken: string) =>
  `/api/door/visits/${encodeURIComponent(visitToken)}/events`;

/** The longest period the waits are read for at once: a year. */
export const maxWaitDays = 366;

/** A location's waits over a period (both days inclusive, in the location's zone). */
export const queueWaitsInput = z
  .object({ id, from: calendarDate, to: calendarDate })
  .superRefine((input, ctx) => {
    const days = periodDays(input.from, input.to);
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["to"], message: say(reportMessages.toBeforeFrom) });
    else if (days > maxWaitDays)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: say(reportMessages.atMostDays, { days: maxWaitDays }),
      });
  });
export type QueueWaitsInput = z.output<typeof queueWaitsInput>;

export const queueWaitsSchema = z
  .array(
    z.object({
      day: z.string().meta({ description: "YYYY-MM-DD in the location's zone" }),
      Program: z.object({ id: z.number().int(), Name: z.string(), NameEs: z.string().nullable() }),
      numbered: z.number().int().meta({ description: "sign-ins given a number" }),
      called: z.number().int().meta({ description: "of those, how many were called" }),
      averageWaitMinutes: z
        .number()
        .nullable()
        .meta({ description: "from sign-in to call, on average, to a tenth of a minute" }),
      medianWaitMinutes: z
        .number()
        .nullable()
        .meta({ description: "half of those called waited at most this, to a tenth of a minute" }),
      p90WaitMinutes: z
        .number()
        .nullable()
        .meta({ description: "nine in ten of those called waited at most this" }),
      longestWaitMinutes: z.number().nullable(),
    }),
  )
  .meta({ id: "QueueWaits" });
