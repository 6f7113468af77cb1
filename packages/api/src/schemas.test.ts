import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as schemas from "./schemas.ts";

const resolve = createRequire(import.meta.url).resolve;

/** Every module the web app pulls in through `@vsi/api/schemas`, following this repository's imports. */
function importsOf(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(
      /(?:import|export)[^'"]*?from\s+["']([^"']+)["']/g,
    )) {
      if (specifier!.startsWith(".")) visit(path.resolve(path.dirname(file), specifier!));
      else if (specifier!.startsWith("@vsi/")) visit(resolve(specifier!));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe("the browser-safe schemas entry point", () => {
  it("reaches nothing but zod, schema files and the few plain rules beside them", () => {
    const { files, packages } = importsOf(path.resolve(import.meta.dirname, "schemas.ts"));
    expect(packages).toEqual(["zod"]);
    const plainRules = [
      "kernel/auth-names.ts",
      "kernel/calendar.ts",
      "kernel/messages.ts",
      "kernel/audit-actions.ts",
      "kernel/phone.ts",
      "kernel/sheet-view.ts",
      "catalog/kiosk-timings.ts",
      "catalog/temperature.ts",
      "kernel/csv-encoding.ts",
      "../../backups/src/manifest.ts",
      "../../i18n/src/languages.ts",
    ];
    const others = files
      .map((file) => path.relative(import.meta.dirname, file))
      .filter((file) => file !== "schemas.ts" && !/(^|\/|-)schema\.ts$/.test(file))
      .filter((file) => !plainRules.includes(file));
    expect(others).toEqual([]);
  });

  it("exports the names the web app shares with the server", () => {
    expect(schemas.cookieNames).toEqual({
      session: "session",
      sheetId: "sheet-id",
      sheetToken: "sheet-token",
      xsrf: "XSRF-TOKEN",
      device: "device",
    });
    expect(schemas.xsrfHeader).toBe("x-xsrf-token");
    expect(schemas.invalidLoginMessage).toBe("Invalid email and/or password.");
  });
});
