import type {
  locationSchema,
  questionSchema,
  visitorNameSchema,
  visitSchema,
} from "@vsi/api/schemas";
import type { z } from "zod";

// The API's shapes the kiosk reads, from the schemas the server answers with (no tRPC types here).
export type Visit = z.output<typeof visitSchema>;
export type Location = z.output<typeof locationSchema>;
export type Question = z.output<typeof questionSchema>;
/** A returning visitor's names and remembered answers, as the lookup answers. */
export type KnownVisitor = z.output<typeof visitorNameSchema>;
