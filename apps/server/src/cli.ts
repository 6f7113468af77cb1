import path from "node:path";
import { findUserByEmail, insertUser, promoteToAdmin } from "@vsi/api";
import { cliUsage, isCliCommand } from "./cli-commands.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.ts";
import { restoreBackup } from "./restore.ts";
import { demoLoginMessage, seedDemoData } from "./seed.ts";
import { createServices } from "./services.ts";

/** Runs against whichever database the environment points to, like the server. */
async function main(argv: string[]): Promise<number> {
  // Everything this process writes in the data folder is its owner's alone.
  process.umask(0o077);
  const [command, ...args] = argv;
  if (!isCliCommand(command)) {
    console.error(cliUsage);
    return 2;
  }
  if (command === "create-admin") {
    if (args.length !== 4) {
      console.error(cliUsage);
      return 2;
    }
    // A weak password or a bad email is told at once, before the database is opened.
    const [, , email, password] = args as [string, string, string, string];
    const { passwordRule, email: emailRule } = await import("@vsi/api/schemas");
    const failed = [emailRule.safeParse(email), passwordRule.safeParse(password)].find(
      (c) => !c.success,
    );
    if (failed && !failed.success) {
      console.error(failed.error.issues[0]?.message);
      return 1;
    }
  }
  if (command === "restore") {
    if (args.length !== 1) {
      console.error(cliUsage);
      return 2;
    }
    return restore(args[0] as string);
  }
  const config = loadConfig();
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const services = await createServices(config); // migrates
  try {
    if (command === "migrate") {
      console.log("Database is at the latest schema.");
    } else if (command === "seed") {
      console.log(demoLoginMessage(await seedDemoData(services)));
    } else {
      const [firstName, lastName, email, password] = args as [string, string, string, string];
      const existing = await findUserByEmail(services.db.kysely, email);
      if (existing) {
        await promoteToAdmin(
          services.db.kysely,
          existing.id,
          { firstName, lastName, password },
          new Date(),
        );
        console.log(`${existing.email} is now an admin.`);
      } else {
        await insertUser(services.db.kysely, {
          firstName,
          lastName,
          email,
          password,
          isAdmin: true,
        });
        console.log(`Admin ${email} created.`);
      }
    }
    return 0;
  } finally {
    await services.db.close();
    lock?.release();
  }
}

async function restore(file: string): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL is set: the database is on a PostgreSQL server, which its operator restores (pg_restore).",
    );
    return 1;
  }
  // pnpm runs scripts from the repository's root; the path is the one typed where the user stood.
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let result;
  try {
    result = await restoreBackup(archive, config.dataDir, {
      info: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const c = result.counts;
  console.log(
    `Restored ${path.basename(archive)} (taken ${result.manifest.createdAt}) into ${config.dataDir}:`,
  );
  console.log(
    `  ${c.users} users, ${c.locations} locations, ${c.programs} programs, ${c.visits} visits, ${c.files} files`,
  );
  if (result.migrated.length > 0) console.log(`  migrated forward: ${result.migrated.join(", ")}`);
  if (result.movedAside)
    console.log(
      `The data folder that was there is kept at ${result.movedAside}; delete it once all is well.`,
    );
  console.log("Start the server again (pnpm start).");
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message} Stop the server first, then run this command again.`);
    } else {
      console.error(error instanceof ConfigError ? error.message : error);
    }
    process.exit(1);
  },
);
