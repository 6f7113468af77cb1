// One lint setup for every package, formatting left to Prettier. The rules that need type
// information run in oxlint (/.oxlintrc.json, `pnpm lint` runs both): ESLint here builds no
// TypeScript program, which cost most of the lint's CPU.
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

/**
 * Exceptions for test code, whose JSON bodies are untyped; shared with e2e/, which is all test code.
 * The typed no-unsafe-* rules are off there too, in /.oxlintrc.json.
 */
export const testCodeRules = {
  "@typescript-eslint/no-explicit-any": "off",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      ".tsbuild/**",
      "**/*.gen.ts",
      "coverage/**",
      "test-results/**",
      "artifacts/**",
    ],
  },
  js.configs.recommended,
  // recommendedTypeChecked without its typed rules, which oxlint runs.
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
      // TypeScript already knows which names exist, in .ts and in the few .mjs scripts.
      "no-undef": "off",
    },
  },
  {
    // Imports resolved as Node does, for the boundaries' rule (boundaries.js). Import cycles are
    // oxlint's to find (.oxlintrc.json): it walks the module graph once, where import-x walked it
    // again for every file.
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Node's resolution (package exports included), with TypeScript's extensions for the web app's bare imports.
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] }),
      ],
    },
  },
  {
    // Tests read arbitrary JSON bodies back (`any`) and let expect() check them; typing every one
    // would say nothing. The promise rules stay on here too.
    files: ["**/test/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: testCodeRules,
  },
);
