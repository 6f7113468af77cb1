/**
 * A zone where it is about noon now: the browsers' "today" (a tablet's sheet lists today's visits
 * in its own zone) stays one day for hours either side, whenever the run happens, so no journey
 * crosses midnight. Etc/GMT zones count the other way: Etc/GMT-3 is three hours ahead of UTC.
 */
export function zoneNearNoon(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
