import type { Question } from "@vsi/db";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import type { QuestionAnswer } from "./schema.ts";

/** Row -> API shape. Field names here are the OpenAPI document's and are case-sensitive. */
export function toQuestion(row: Question): QuestionAnswer {
  return {
    id: row.id,
    Kind: row.kind,
    Label: row.label,
    Help: row.help,
    Required: row.required,
    Choices: row.choices,
    Min: row.min,
    Max: row.max,
    ProgramIds: row.program_ids,
    AskEvery: row.ask_every,
    ReaskAfterMonths: row.reask_after_months,
    Position: row.position,
    LocationId: row.location_id,
    RetiredAt: isoOrNull(row.retired_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
