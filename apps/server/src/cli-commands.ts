/** The CLI's commands, each with what it does: the usage it prints, and the README's Layout lists them. */
export const cliCommands = {
  migrate: ["pnpm db:migrate", "migrate the configured database to the latest schema"],
  seed: ["pnpm db:seed", "add the demo data (on purpose, on any database)"],
  "create-admin": [
    "pnpm create-admin <First> <Last> <email> <password>",
    "create an admin, or promote an existing user",
  ],
  restore: ["pnpm restore <backup file>", "replace the data folder with a backup (server stopped)"],
} as const;

export type CliCommand = keyof typeof cliCommands;

export const isCliCommand = (name: string | undefined): name is CliCommand =>
  name !== undefined && Object.hasOwn(cliCommands, name);

export const cliUsage = `Usage:\n${Object.values(cliCommands)
  .map(([how, what]) => `  ${how.padEnd(53)}${what}`)
  .join("\n")}`;
