import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@vsi/api";

// The API's shapes, taken from the router itself so the web app cannot drift from the API.
type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type User = NonNullable<Outputs["users"]["me"]>;
export type Location = Outputs["locations"]["get"];
export type LocationListItem = Outputs["locations"]["list"][number];
export type Program = Outputs["programs"]["get"];
export type ProgramListItem = Outputs["programs"]["list"][number];
export type Visit = Outputs["visits"]["list"][number];
export type ReportVisit = Outputs["visits"]["report"]["visits"][number];
export type VisitSummary = Outputs["visits"]["summaryReport"];
export type Today = Outputs["reports"]["today"];
export type FunderSummary = Outputs["reports"]["summary"];
export type NetworkSummary = Outputs["reports"]["network"];
export type QueueWait = Outputs["queue"]["waits"][number];
export type QuestionFigures = FunderSummary["questions"][number];
export type Question = Outputs["questions"]["list"][number];
export type SetupStep = NonNullable<Today["setup"]>["steps"][number]["step"];
export type Invite = Outputs["invites"]["get"];
export type Tablet = Outputs["tablets"]["list"][number];
export type ApiToken = Outputs["tokens"]["list"][number];
export type Webhook = Outputs["webhooks"]["list"][number];
export type Backup = Outputs["backups"]["list"]["backups"][number];
export type UserUpdateInput = Inputs["users"]["update"];
export type ReportInput = NonNullable<Inputs["visits"]["report"]>;
export type Household = Outputs["households"]["get"];
export type HouseholdDuplicate = Outputs["households"]["duplicates"][number];
export type AuditEntry = Outputs["audit"]["page"]["entries"][number];
