// @vitest-environment node
import path from "node:path";
import { ESLint, Linter } from "eslint";
import { describe, expect, it } from "vitest";

// The kiosk's lint keeps the staff app's framework out (eslint.config.js): this reads the rule as
// ESLint resolves it for a kiosk source file and runs it on a few imports.

const kioskDir = path.resolve(import.meta.dirname, "..");

async function importProblems(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: kioskDir });
  const config = (await eslint.calculateConfigForFile("src/main.tsx")) as Linter.Config;
  const rule = config.rules?.["no-restricted-imports"];
  expect(rule).toBeDefined();
  const messages = new Linter().verify(code, {
    languageOptions: { sourceType: "module" },
    rules: { "no-restricted-imports": rule! },
  });
  return messages.map((message) => message.message);
}

describe("the kiosk's lint", () => {
  it.each([
    'import { Button } from "@mantine/core";',
    'import { useDisclosure } from "@mantine/hooks";',
    'import { createTRPCClient } from "@trpc/client";',
    'import { initTRPC } from "@trpc/server";',
    'import { createRouter } from "@tanstack/react-router";',
  ])("refuses %s", async (code) => {
    expect(await importProblems(code)).toEqual([
      expect.stringContaining("The kiosk loads no Mantine, tRPC or router"),
    ]);
  });

  it("takes React, TanStack Query and the shared packages", async () => {
    const code = [
      'import { useState } from "react";',
      'import { useQuery } from "@tanstack/react-query";',
      'import { visitSchema } from "@vsi/api/schemas";',
      'import { translate } from "@vsi/i18n";',
    ].join("\n");
    expect(await importProblems(code)).toEqual([]);
  });
});
