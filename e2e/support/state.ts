import { readFileSync } from "node:fs";
import { stateFile } from "./paths.ts";

/** A visit's own fields, as the API names them. */
export interface VisitFields {
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  Temperature: string;
  TimeIn: string;
  TimeOut: string | null;
}

/** One seeded visit of the report data set, as the global setup wrote it. */
export interface SeededVisit extends VisitFields {
  id: number;
  locationId: number;
  programId: number;
}

export interface RunState {
  baseUrl: string;
  port: number;
  /** The server's DATA_DIR: its embedded database and files. */
  dataDir: string;
  serverPid: number;
  serverLog: string;
  admin: { firstName: string; lastName: string; email: string; password: string };
  /** Old visits at a site of their own, for the retention journey to erase. */
  retention: { location: { id: number; Name: string }; visits: SeededVisit[] };
  reports: {
    locations: Array<{ id: number; Name: string }>;
    programs: Array<{ id: number; Name: string }>;
    visits: SeededVisit[];
    /** The calendar range (in America/Los_Angeles) the seeded visits fall in. */
    from: string;
    to: string;
  };
  /** The reports chart journey's month of visits (the month before its fixed "now"), same shape. */
  chart: RunState["reports"];
  /** The funder summary journey's visitors coming back across months and programs, same shape. */
  summary: RunState["reports"];
  /** The printed funder summary journey's three programs at one site, same shape. */
  print: RunState["reports"];
  /** The dashboard journey's site (in the zone near noon) and its visits of the last 16 days. */
  dashboard: {
    location: { id: number; Name: string; TimeZone: string };
    programs: Array<{ id: number; Name: string }>;
    visits: SeededVisit[];
  };
}

let cached: RunState | undefined;

export function runState(): RunState {
  cached ??= JSON.parse(readFileSync(stateFile, "utf8")) as RunState;
  return cached;
}
