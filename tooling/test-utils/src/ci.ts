/**
 * Whether this run is CI's: any value of CI but empty, "0" or "false" (CI systems set "true", "1"
 * or their own name). In CI nothing may quietly skip.
 */
export function inCi(): boolean {
  const value = (process.env.CI ?? "").trim().toLowerCase();
  return value !== "" && value !== "0" && value !== "false";
}
