import { kioskTimingRules, type KioskTiming } from "@vsi/api/schemas";

/**
 * How long the kiosk waits, in milliseconds: the location's setting (an admin's, read with the
 * rest of the location). A location the tablet kept offline from before these were settings has
 * none; the default then stands in, so no wait is ever zero.
 */
export function kioskWaitMs(
  location: Partial<Record<KioskTiming, number | undefined>>,
  name: KioskTiming,
): number {
  const seconds = location[name];
  return (
    (typeof seconds === "number" && seconds > 0 ? seconds : kioskTimingRules[name].default) * 1000
  );
}
