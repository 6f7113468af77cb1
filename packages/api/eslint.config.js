import path from "node:path";
import base from "@vsi/eslint-config/base";
import { featureBoundaries } from "@vsi/eslint-config/boundaries";

export default [
  ...base,
  featureBoundaries(path.join(import.meta.dirname, "src"), {
    // Besides schemas, queries and mappers, what each feature lets the others import.
    offers: {
      accounts: ["api-tokens.ts", "sessions.ts", "login.ts"],
      admin: ["setup.ts", "retention.ts"],
      callers: ["identity.ts"],
      catalog: ["temperature.ts", "door-codes.ts"],
      labels: ["printer-address.ts"],
      assets: ["urls.ts"],
      reports: [
        "on-site.ts",
        "summary.ts",
        "funder-summary.ts",
        "funder-summary-csv.ts",
        "csv-filename.ts",
        "visits-csv.ts",
        "sign-sheet.ts",
      ],
      visits: [
        "filters.ts",
        "auto-sign-out.ts",
        "checked-answers.ts",
        "visitor-lookup.ts",
        "signatures.ts",
      ],
      webhooks: ["fan-out.ts"],
    },
  }),
];
