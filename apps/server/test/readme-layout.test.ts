import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliCommands } from "../src/cli-commands.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** The README's Layout: its code block, one line per folder (continued lines indented). */
function layout(): string {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Layout"));
  return section.slice(
    section.indexOf("```") + 3,
    section.indexOf("```", section.indexOf("```") + 3),
  );
}

/** The text a folder's entry holds: its line and the lines that continue it. */
function entry(text: string, folder: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`${folder} `) || line === folder);
  if (start < 0) return "";
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith(" "));
  return [lines[start], ...rest.slice(0, end < 0 ? undefined : end)].join(" ");
}

describe("the README's Layout", () => {
  const text = layout();
  // The folders git holds, not those a run leaves behind (a data folder, a build).
  const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n");
  const folders = (depth: number) => [
    ...new Set(
      tracked
        .map((file) => file.split("/"))
        .filter((parts) => parts.length > depth && !parts[0]!.startsWith("."))
        .map((parts) => parts.slice(0, depth).join("/")),
    ),
  ];

  it("names every folder at the top, and every app and package", () => {
    const top = folders(1).filter((folder) => folder !== "apps" && folder !== "packages");
    const packages = folders(2).filter((folder) => /^(apps|packages)\//.test(folder));
    const missing = [
      ...top.filter((folder) => !entry(text, `${folder}/`)),
      ...packages.filter((folder) => !entry(text, folder)),
    ];
    expect(missing).toEqual([]);
  });

  it("names every feature folder of the API", () => {
    const api = entry(text, "packages/api");
    const features = readdirSync(path.join(root, "packages/api/src"), { withFileTypes: true })
      .filter((item) => item.isDirectory())
      .map((item) => item.name);
    expect(features.filter((name) => !new RegExp(`\\b${name}\\b`).test(api))).toEqual([]);
  });

  it("names every command of the CLI", () => {
    const server = entry(text, "apps/server");
    expect(
      Object.keys(cliCommands).filter((name) => !new RegExp(`\\b${name}\\b`).test(server)),
    ).toEqual([]);
  });
});
