import path from "node:path";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

// The catalogues (src/locales/<language>.json) are written in ICU MessageFormat, nested by screen.
// Lingui reads compiled messages under flat ids, so each file is compiled here, at build (and test)
// time: the browser gets ready messages and no message parser.

const localesDir = `${path.sep}src${path.sep}locales${path.sep}`;

type Catalogue = { [key: string]: string | Catalogue };

/** Flat ids ("sheet.count") to compiled messages; a message that doesn't parse fails the build. */
export function compileCatalogue(
  catalogue: Catalogue,
  prefix = "",
): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const id = prefix + key;
    if (typeof value === "string") compiled[id] = compileMessageOrThrow(value);
    else Object.assign(compiled, compileCatalogue(value, `${id}.`));
  }
  return compiled;
}

export function compiledCatalogues(): Plugin {
  return {
    name: "vsi:compiled-catalogues",
    // Before Vite's JSON plugin, which then turns the compiled JSON into a module.
    enforce: "pre",
    transform(code, id) {
      const file = path.normalize(id.split("?")[0]!);
      if (!file.includes(localesDir) || !file.endsWith(".json")) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Catalogue)), map: null };
    },
  };
}
