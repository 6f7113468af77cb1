import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** What a service runs its queries on: the database, or a transaction its caller opened. */
export type Executor = Kysely<Database> | Transaction<Database>;
