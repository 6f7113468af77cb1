import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Writes .br and .gz beside every text file of the build, once, at build time: the server sends
// them to browsers that accept them (@fastify/static preCompressed) and spends no CPU per request.
// Plain JavaScript, as the Vite configs that import it are loaded by Node itself.

const compressible = /\.(js|css|html|svg|webmanifest|json|txt)$/;

/** @param {string} dir @returns {Generator<string>} */
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (compressible.test(name)) yield file;
  }
}

/** @returns {import("vite").Plugin} */
export function precompressed() {
  let outDir = "";
  return {
    name: "vsi:precompressed",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once the whole build is written (the public files are copied before it).
    writeBundle: {
      order: "post",
      handler() {
        for (const file of files(outDir)) {
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}
