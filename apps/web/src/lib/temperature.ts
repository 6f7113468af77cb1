// The plausibility rule and the units are the API's (schemas/temperature.ts); the form only asks.
export {
  isPlausibleTemperature,
  temperatureUnitLabel,
  type TemperatureUnit,
} from "@vsi/api/schemas";
