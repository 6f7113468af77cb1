// The plausibility rule and the units are the API's (catalog/temperature.ts); the form only asks.
export {
  isPlausibleTemperature,
  temperatureUnitLabel,
  type TemperatureUnit,
} from "@vsi/api/schemas";
