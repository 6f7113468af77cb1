// Import boundaries of a source folder laid out by feature (packages/api/src), checked by lint.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** What every feature offers the others: its schemas, its queries and its row mappers. */
const offeredByName = /^(.+-)?schema\.ts$|^queries\.ts$|^mappers\.ts$/;

/**
 * The kernel imports no feature; a feature imports another only through what that one offers (the
 * files above, and those listed in `offers`); no folder imports the entries at the top (index.ts,
 * schemas.ts, router.ts…), which import the features.
 */
export function featureBoundaries(src, { kernel = "kernel", offers = {} } = {}) {
  const entries = readdirSync(src, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const top = entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(src, e.name));
  const features = folders.filter((name) => name !== kernel);
  // A file offered that is not there (deleted, renamed) would let nothing through in its name.
  for (const [feature, files] of Object.entries(offers))
    for (const file of files)
      if (!existsSync(path.join(src, feature, file)))
        throw new Error(`featureBoundaries: ${feature}/${file} is offered but does not exist`);

  const zones = [
    {
      target: path.join(src, kernel),
      from: src,
      except: [`./${kernel}`],
      message:
        "The kernel imports no feature: pass it what it needs, or move the code to the feature.",
    },
    {
      target: folders.map((name) => path.join(src, name)),
      from: top,
      message: "The entries at the top import the features, never the other way round.",
    },
  ];
  for (const other of features) {
    const offered = readdirSync(path.join(src, other))
      .filter((name) => offeredByName.test(name))
      .concat(offers[other] ?? []);
    for (const feature of features.filter((name) => name !== other)) {
      zones.push({
        target: path.join(src, feature),
        from: path.join(src, other),
        except: offered.map((name) => `./${name}`),
        message: `Another feature uses ${other}/ only through ${offered.join(", ")}.`,
      });
    }
  }
  return {
    // Patterns from the source folder itself: whichever folder ESLint runs from (the root, for
    // `pnpm lint`), they name these files.
    basePath: src,
    files: ["**/*.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones }] },
  };
}
