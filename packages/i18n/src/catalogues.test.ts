import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "./languages";

// Read as files, not imports: the tests' Vite plugin would hand them over compiled.
const root = path.resolve(import.meta.dirname, "../../..");
type Catalogue = { [key: string]: string | Catalogue };

function keysOf(file: string): string[] {
  const flat = (catalogue: Catalogue, prefix = ""): string[] =>
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === "string" ? [prefix + key] : flat(value, `${prefix}${key}.`),
    );
  return flat(JSON.parse(readFileSync(path.join(root, file), "utf8")) as Catalogue).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".gen.ts")
      ? [file]
      : [];
  });
}

// t("key"), t(`prefix.${…}`), staffTranslate(lng, "key"), serverTranslate(lng, "key").
const call =
  /\b(?:t|staffTranslate|serverTranslate|translate)\(\s*(?:[\w.]+,\s*)?(["`])([\w.]+)(\$\{)?/g;

/** The keys the code names, and the prefixes of the keys it builds. */
function keysUsedIn(dirs: string[]) {
  const used = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const match of readFileSync(file, "utf8").matchAll(call)) {
      const [, quote, key, interpolated] = match;
      if (!key) continue;
      if (quote === "`" && interpolated) prefixes.set(key, path.relative(root, file));
      else used.set(key, path.relative(root, file));
    }
  }
  return { used, prefixes };
}

const sets = [
  {
    name: "the kiosk's",
    files: (lng: string) => `packages/i18n/locales/${lng}.json`,
    code: ["apps/kiosk/src"],
  },
  {
    name: "the staff app's",
    files: (lng: string) => `packages/i18n/locales/staff/${lng}.json`,
    code: ["apps/web/src", "packages/api/src"],
  },
];

describe.each(sets)("$name catalogues", ({ files, code }) => {
  const [first, ...others] = languages.map((lng) => ({ lng, keys: keysOf(files(lng)) }));

  it.each(others)("have the same keys in English and $lng", ({ keys }) => {
    const english = new Set(first!.keys);
    const other = new Set(keys);
    expect(
      [...english].filter((key) => !other.has(key)),
      "keys missing from the translation",
    ).toEqual([]);
    expect(
      [...other].filter((key) => !english.has(key)),
      "keys missing from English",
    ).toEqual([]);
  });

  it("have every key the code uses", () => {
    const known = new Set(first!.keys);
    const { used, prefixes } = keysUsedIn(code);
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([key]) => !known.has(key));
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
    const unbuilt = [...prefixes].filter(
      ([prefix]) => !first!.keys.some((k) => k.startsWith(prefix)),
    );
    expect(unbuilt.map(([prefix, file]) => `${prefix}… (${file})`)).toEqual([]);
  });
});
