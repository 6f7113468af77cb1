/**
 * The sheet list as a bare Fastify route: the same statements as the real server (the tablet's
 * check, then the open visits' SELECT), the same JSON, nothing else. The floor for the REST layer.
 * Run as its own process: PORT, DATABASE_URL.
 */
import { createHash } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";
import { sheetParams, sheetSelect, tabletLookupParams, tabletLookupSelect } from "./statements.ts";

interface VisitRow {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  temperature: string;
  time_in: Date;
  time_out: Date | null;
  location_id: number;
  program_id: number;
  created_at: Date;
  updated_at: Date;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => {});
const app = Fastify({ logger: false });

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

app.get("/healthz", () => ({ status: "ok" }));

app.get("/bare/visits", async (request, reply) => {
  const token = cookie(request.headers.cookie, "sheet-token");
  if (!token) return reply.code(401).send({ status: 401, message: "Not signed in" });
  const hash = createHash("sha256").update(token).digest("hex");
  const q = request.query as { locationId?: string; programId?: string };
  const [tablet] = (
    await pool.query<{ tabletId: number; locationId: number }>(
      tabletLookupSelect,
      tabletLookupParams(hash, new Date()),
    )
  ).rows;
  if (!tablet) return reply.code(401).send({ status: 401, message: "Not signed in" });
  if (q.locationId && Number(q.locationId) !== tablet.locationId)
    return reply.code(403).send({ status: 403, message: "Forbidden" });
  const rows = (
    await pool.query<VisitRow>(sheetSelect, sheetParams(tablet.locationId, Number(q.programId)))
  ).rows;
  reply.header("X-Total-Count", String(rows.length));
  return rows.map((r) => ({
    id: r.id,
    FirstName: r.first_name,
    LastName: r.last_name,
    PhoneNumber: r.phone_number,
    Temperature: r.temperature,
    TimeIn: r.time_in.toISOString(),
    TimeOut: r.time_out?.toISOString() ?? null,
    LocationId: r.location_id,
    ProgramId: r.program_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
});

const shutdown = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
