// One lint setup for every package: typed rules that catch real bugs, formatting left to Prettier.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "**/*.gen.ts", "coverage/**", "test-results/**", "artifacts/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
      // TypeScript already knows which names exist, in .ts and in the few .mjs scripts.
      "no-undef": "off",
    },
  },
  {
    // Tests read arbitrary JSON bodies back; typing every one would say nothing.
    files: ["**/test/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
