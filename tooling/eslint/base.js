// One lint setup for every package: typed rules that catch real bugs, formatting left to Prettier.
import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

/** Exceptions for test code, whose JSON bodies are untyped; shared with e2e/, which is all test code. */
export const testCodeRules = {
  "@typescript-eslint/no-explicit-any": "off",
  "@typescript-eslint/no-unsafe-argument": "off",
  "@typescript-eslint/no-unsafe-assignment": "off",
  "@typescript-eslint/no-unsafe-call": "off",
  "@typescript-eslint/no-unsafe-member-access": "off",
  "@typescript-eslint/no-unsafe-return": "off",
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
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each package's tsconfig.json types its sources; the config scripts outside them get a
        // default project. One root for every package, so that one ESLint process lints them all.
        projectService: {
          allowDefaultProject: [
            "*/*/eslint.config.js",
            "*/eslint.config.js",
            "eslint.config.js",
            "apps/kiosk/.size-limit.js",
            "apps/server/build.mjs",
            "apps/web/postcss.config.js",
            "tooling/eslint/*.js",
            "tooling/scripts/*.mjs",
            "vitest.config.ts",
          ],
          defaultProject: "tooling/typescript/scripts.json",
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: path.resolve(import.meta.dirname, "../.."),
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      // A promise nobody awaits loses its error; fire-and-forget has to be written `void`.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
      // TypeScript already knows which names exist, in .ts and in the few .mjs scripts.
      "no-undef": "off",
    },
  },
  {
    // No import circle anywhere: a module in one is half-built when the other reads it, and the
    // layers (kernel, features, entries) only stay layers while imports run one way.
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Node's resolution (package exports included), with TypeScript's extensions for the web app's bare imports.
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Tests read arbitrary JSON bodies back (`any`) and let expect() check them; typing every one
    // would say nothing. The promise rules stay on here too.
    files: ["**/test/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: testCodeRules,
  },
);
