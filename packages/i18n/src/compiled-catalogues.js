import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

// The catalogues (locales/<language>.json) are written in ICU MessageFormat, nested by screen.
// Lingui reads compiled messages under flat ids, so each file is compiled here, at build (and test)
// time, by every app that imports them: the browser gets ready messages and no message parser.
// Plain JavaScript, as the Vite configs that import it are loaded by Node itself.

const localesDir = path.resolve(import.meta.dirname, "../locales") + path.sep;

/** @typedef {{ [key: string]: string | Catalogue }} Catalogue */
/** @typedef {import("@lingui/message-utils/compileMessage").CompiledMessage} CompiledMessage */

/**
 * Flat ids ("sheet.count") to compiled messages; a message that doesn't parse fails the build.
 * @param {Catalogue} catalogue
 * @returns {Record<string, CompiledMessage>}
 */
export function compileCatalogue(catalogue, prefix = "") {
  /** @type {Record<string, CompiledMessage>} */
  const compiled = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const id = prefix + key;
    if (typeof value === "string") compiled[id] = compileMessageOrThrow(value);
    else Object.assign(compiled, compileCatalogue(value, `${id}.`));
  }
  return compiled;
}

/** @type {(json: string) => Catalogue} JSON.parse, typed as what a catalogue file holds. */
const parseCatalogue = JSON.parse;

/** @returns {import("vite").Plugin} */
export function compiledCatalogues() {
  return {
    name: "vsi:compiled-catalogues",
    // Before Vite's JSON plugin, which then turns the compiled JSON into a module.
    enforce: "pre",
    transform(code, id) {
      const file = path.normalize(id.split("?")[0] ?? id);
      if (!file.startsWith(localesDir) || !file.endsWith(".json")) return null;
      return { code: JSON.stringify(compileCatalogue(parseCatalogue(code))), map: null };
    },
  };
}
