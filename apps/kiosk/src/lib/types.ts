import type {
  doorSchema,
  doorSignInSchema,
  doorVisitorSchema,
  doorVisitSchema,
  labelSchema,
  locationSchema,
  questionSchema,
  visitorNameSchema,
  visitSchema,
} from "@vsi/api/schemas";
import type { z } from "zod";

// The API's shapes the kiosk reads, from the schemas the server answers with (no tRPC types here).
export type Visit = z.output<typeof visitSchema>;
export type Location = z.output<typeof locationSchema>;
/** A visit's ticket laid out on a label size (GET /api/visits/{id}/label). */
export type Label = z.output<typeof labelSchema>;
export type Question = z.output<typeof questionSchema>;
/** A returning visitor's names and remembered answers, as the lookup answers. */
export type KnownVisitor = z.output<typeof visitorNameSchema>;
/** A poster's door: its location, programs and questions (GET /api/door/{code}). */
export type Door = z.output<typeof doorSchema>;
/** A visit as its visitor's phone sees it. */
export type DoorVisit = z.output<typeof doorVisitSchema>;
/** A phone's sign-in: its visit, its secret, and whether that secret proves the phone's number. */
export type DoorSignIn = z.output<typeof doorSignInSchema>;
/** A returning visitor as the door's lookup answers (all of it only with the phone's proof). */
export type DoorVisitor = z.output<typeof doorVisitorSchema>;
