import base from "@vsi/eslint-config/base";

export default [
  ...base,
  {
    // A landed migration's text is all it does: what it would import could change under it.
    // Kysely runs it, and Node's built-ins stay.
    files: ["src/migrations/0*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["*", "!kysely", "!node:*"],
              message:
                "A migration stands alone: write each statement, function and trigger out whole in it.",
            },
          ],
        },
      ],
    },
  },
];
