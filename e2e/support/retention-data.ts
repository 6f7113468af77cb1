import { createLocation, createProgram, unique, type Api } from "./api.ts";
import type { SeededVisit } from "./state.ts";

// The retention journey's visits: three, at a site of their own, in March 2019. Its setting erases
// what is older than 1 January 2022, whatever today is: these three, and nothing another journey
// reads (the report's and the chart's data are from 2025, everything else from today).
const retentionCutoff = Date.UTC(2022, 0, 1);

/** "Erase after N days" for the cut-off above, on a given day. */
export const retentionDays = (now = new Date()) =>
  Math.floor((now.getTime() - retentionCutoff) / 86_400_000);

export async function seedRetentionVisits(api: Api) {
  const tag = unique();
  const program = await createProgram(api, `Retention Pantry ${tag}`);
  const location = await createLocation(api, `Retention Hall ${tag}`, `${tag} Old Rd`, [
    program.id,
  ]);
  const visits: SeededVisit[] = [];
  for (const [i, FirstName] of ["Olga", "Otto", "Oona"].entries()) {
    const planned = {
      FirstName,
      LastName: `Oldvisit${tag}`,
      PhoneNumber: `41555901${String(i).padStart(2, "0")}`,
      Temperature: "98.4",
    };
    const visit = await api.expect(201, "POST", "/api/visits", {
      ...planned,
      LocationId: location.id,
      ProgramId: program.id,
    });
    const timeIn = new Date(Date.UTC(2019, 2, 4 + i, 17));
    visits.push({
      id: visit.id,
      ...planned,
      TimeIn: timeIn.toISOString(),
      TimeOut: new Date(timeIn.getTime() + 3600_000).toISOString(),
      locationId: location.id,
      programId: program.id,
    });
  }
  return { location: { id: location.id, Name: location.Name }, visits };
}
