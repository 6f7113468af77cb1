/** The unit a site takes temperatures in. */
export type TemperatureUnit = "°F" | "°C";

// A living person at the door: outside this, a typo (986 for 98.6) is far likelier than a reading.
const plausible: Record<TemperatureUnit, [number, number]> = { "°F": [93, 108], "°C": [34, 42] };

/** Whether a typed temperature is one a person could have; anything unreadable counts as plausible (the schema judges it). */
export function isPlausibleTemperature(value: string, unit: TemperatureUnit): boolean {
  const reading = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(reading)) return true;
  const [low, high] = plausible[unit];
  return reading >= low && reading <= high;
}
