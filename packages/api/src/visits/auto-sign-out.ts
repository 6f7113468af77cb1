import { sql } from "kysely";
import type { Executor, Visit } from "@vsi/db";
import { auditColumns, auditValues, systemActor } from "../kernel/audit.ts";

/**
 * Signs out every open visit whose location's automatic sign-out time (local to the location's
 * zone) or maximum stay has come by `now`. TimeOut is that moment, not `now`: a visit found late
 * (a server that was down) still ends when the rule said. Each visit ends at the first such time
 * after it began: the earlier of the next local sign-out time and TimeIn plus the maximum stay.
 * One UPDATE that only touches open visits, so two runs at once sign nobody out twice; the same
 * statement writes one audit row per visit it ended (actor: the system).
 */
export async function autoSignOut(db: Executor, now: Date): Promise<Visit[]> {
  const { rows } = await sql<Visit>`
    with due as (
      select v.id, greatest(v.time_in, least(
        -- The local sign-out time on the day of TimeIn, or the next day's when TimeIn is at or past it;
        -- read back through the zone, so 21:00 is 21:00 local on either side of a daylight-saving change.
        case when l.auto_sign_out_time is not null then
          (date_trunc('day', v.time_in at time zone l.time_zone) + l.auto_sign_out_time
            + case when (v.time_in at time zone l.time_zone)::time >= l.auto_sign_out_time then interval '1 day' else interval '0' end
          ) at time zone l.time_zone
        end,
        case when l.max_stay_minutes is not null then v.time_in + make_interval(mins => l.max_stay_minutes) end
      )) as ends_at
      from visits v
      inner join locations l on l.id = v.location_id
      where v.time_out is null and (l.auto_sign_out_time is not null or l.max_stay_minutes is not null)
    ), ended as (
      update visits
      set time_out = due.ends_at, signed_out_by = 'auto', updated_at = ${now}::timestamptz
      from due
      where visits.id = due.id and due.ends_at <= ${now}::timestamptz and visits.time_out is null
      returning visits.*
    ), audit as (
      insert into audit_log (${sql.join(auditColumns.map((column) => sql.ref(column)))})
      select ${sql.join(auditValues(systemActor, "visit.sign_out", "visit", { by: "auto" }, now))}, ended.id, ended.location_id from ended
    )
    select ended.* from ended
  `.execute(db);
  return rows;
}
