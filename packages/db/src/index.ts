export * from "./schema.ts";
export { createDb, type Db, type DbConfig } from "./client.ts";
export { migrateToLatest } from "./migrate.ts";
export { PGliteDialect } from "./pglite-dialect.ts";
export { sql, type Kysely, type Transaction } from "kysely";
