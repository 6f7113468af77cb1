import { z } from "zod";
import { say, catalogMessages } from "../kernel/messages.ts";

// How long a location's kiosk waits, in whole seconds: an admin's location settings, read by the
// tablet with the rest of its location. The bounds keep a tablet usable: never so quick a visitor
// cannot read or finish, never so slow the next one sees the last one's entry.

export const kioskTimingRules = {
  IdleResetSeconds: {
    default: 60,
    min: 15,
    max: 600,
    description:
      "a sign-in form left untouched this long is cleared and the sheet shown again; longer for visitors who need more time",
  },
  ConfirmationSeconds: {
    default: 3,
    min: 2,
    max: 30,
    description: "how long the confirmation after a sign-in or sign-out stays on screen",
  },
  SendTimeoutSeconds: {
    default: 5,
    min: 2,
    max: 60,
    description:
      "a sign-in or sign-out with no answer from the server this long is kept on the tablet and sent later",
  },
} as const;

export type KioskTiming = keyof typeof kioskTimingRules;
export const kioskTimingNames = Object.keys(kioskTimingRules) as KioskTiming[];

function secondsIn(name: KioskTiming) {
  const { min, max, description } = kioskTimingRules[name];
  // One message whatever was wrong: the admin needs the bounds, not which check failed.
  const message = say(catalogMessages.kioskSeconds, { min, max });
  return z
    .number({ error: message })
    .int({ message, abort: true })
    .min(min, message)
    .max(max, message)
    .meta({ description });
}

function secondsOut(name: KioskTiming) {
  return z.number().int().meta({ description: kioskTimingRules[name].description });
}

/** What an admin sends (each field optional on an update). */
export const kioskTimingInputs = {
  IdleResetSeconds: secondsIn("IdleResetSeconds"),
  ConfirmationSeconds: secondsIn("ConfirmationSeconds"),
  SendTimeoutSeconds: secondsIn("SendTimeoutSeconds"),
};

/** What a location answers with. */
export const kioskTimingOutputs = {
  IdleResetSeconds: secondsOut("IdleResetSeconds"),
  ConfirmationSeconds: secondsOut("ConfirmationSeconds"),
  SendTimeoutSeconds: secondsOut("SendTimeoutSeconds"),
};
