// Without zod, so the tablet's form can use the rule without loading every schema.

/** The unit a site's thermometers read, a location setting: Fahrenheit unless the site says Celsius. */
export const temperatureUnits = ["F", "C"] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];
export const defaultTemperatureUnit: TemperatureUnit = "F";

/** "°F" or "°C", as the form and the sheet show it. */
export const temperatureUnitLabel = (unit: TemperatureUnit) => `°${unit}`;

// A living person at the door: outside this a typo (986 for 98.6) is far likelier than a reading.
// One range, in °F; a °C reading is converted to it, so both units ask about the same bodies.
const plausibleFahrenheit = [93, 108] as const;

/**
 * The one plausibility rule (93–108 °F, 33.9–42.2 °C): outside it the form asks once before
 * sending, and the server stores what the visitor confirmed. Unreadable values count as
 * plausible here; the visit schema refuses them.
 */
export function isPlausibleTemperature(value: string, unit: TemperatureUnit): boolean {
  const reading = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(reading)) return true;
  const fahrenheit = unit === "C" ? (reading * 9) / 5 + 32 : reading;
  return fahrenheit >= plausibleFahrenheit[0] && fahrenheit <= plausibleFahrenheit[1];
}
