export * from "./schema.ts";
export { createDb, type Db, type DbConfig } from "./client.ts";
export type { Executor } from "./executor.ts";
export { migrateTo, migrateToLatest, migrationState } from "./migrate.ts";
export { migrations } from "./migrations/index.ts";
export type { Notifications } from "./notifications.ts";
export { PGliteDialect } from "./pglite-dialect.ts";
export { prepared } from "./prepared.ts";
export { sql, type Kysely, type Transaction } from "kysely";
