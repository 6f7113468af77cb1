import { build } from "vite";

// Both apps' service workers are built on their own, each as one classic script: a chunk of the
// app's build would share modules with its pages and import them, which a service worker cannot.
// Plain JavaScript, as the Vite configs that import it are loaded by Node itself.

/**
 * A service worker's source (TypeScript) built into one minified classic script's code.
 * @param {string} source the worker's entry file
 * @param {string} name a name for the script's scope, as an IIFE needs one
 * @returns {Promise<string>}
 */
export async function serviceWorkerCode(source, name) {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: { entry: source, formats: ["iife"], name, fileName: () => `${name}.js` },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs)
    if ("output" in output)
      for (const file of output.output) if (file.type === "chunk") return file.code;
  throw new Error(`${name}: the service worker was not built`);
}
