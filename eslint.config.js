// Lint for the whole project (npm run lint, part of npm test): typescript-eslint, React, hooks, accessibility and
// import order. Formatting is Prettier's (npm run format); nothing here argues with it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import comments from "@eslint-community/eslint-plugin-eslint-comments";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The house rules of the import plan (docs/architecture.md "The floors"), each proven by a deliberate breach in
 * tests/unit/lint-house-rules.test.ts:
 *  1. app/ imports only server/contracts from server/ (types aside: they are gone at run time). Only the composition
 *     root, server/main.ts, reaches into app/: the API transport and the request context.
 *  2. server/contracts is pure: no node: module, no database or mail library, nothing outside server/contracts.
 *  3. The API pipeline (server/http/) imports no domain folder: only contracts, db, observability (types aside); what it
 *     needs of a domain it is handed by the composition root (server/service.ts `apiPorts`).
 *  4. No import cycles (import-x/no-cycle, through the ~/ and @server/ aliases).
 */
const IO_MODULES =
  "^(node:.*|fs|fs/promises|net|http|https|http2|child_process|worker_threads|cluster|dgram|dns|tls|crypto|os|" +
  "readline|zlib|pg|pg-boss|pg-copy-streams|@electric-sql/pglite|drizzle-orm(/.*)?|nodemailer|pino)$";
const houseRules = [
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@server/(?!contracts/)|(\\.\\./)+server/)",
              allowTypeImports: true,
              message: "app/ reaches the server only through server/contracts (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/main.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./server",
              from: "./app",
              message: "Only the composition root (server/main.ts) reaches into app/.",
            },
            {
              target: "./server/contracts",
              from: "./server",
              except: ["./contracts"],
              message: "server/contracts is pure: it imports nothing outside server/contracts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/main.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./server/main.ts",
              from: "./app",
              except: ["./lib/api/transport.server.ts", "./lib/context.server.ts"],
              message: "The composition root reaches into app/ for the API transport and the request context only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/contracts/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: IO_MODULES,
              message: "server/contracts is pure: no I/O, no database, no state (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/http/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!contracts/|db/|observability/)",
              allowTypeImports: true,
              message:
                "The API pipeline imports no domain: the composition root hands it what it needs (server/service.ts apiPorts).",
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/ng/build/",
      "node_modules/",
      "test-results/",
      "tests/.tmp/",
      "data/",
      "server/db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: {
      react,
      "react-hooks": reactHooks,
      "jsx-a11y": jsxA11y,
      "import-x": importX,
      "eslint-comments": comments,
    },
    settings: {
      react: { version: "18.3" },
      // The ~/ and @server/ aliases resolved as TypeScript does, so the import rules follow them (no-cycle reads
      // TypeScript files too).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: path.join(root, "tsconfig.json") },
        }),
      ],
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          // @server/ sorts among the packages, as it did before the aliases were resolved; ~/ after them.
          pathGroups: [
            { pattern: "@server/**", group: "external" },
            { pattern: "~/**", group: "internal" },
          ],
          pathGroupsExcludedImportTypes: ["builtin", "object"],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-duplicates": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // A disable needs its reason on the same line: `// eslint-disable-next-line rule -- why`.
      "eslint-comments/require-description": ["error", { ignore: [] }],
      "eslint-comments/no-unlimited-disable": "error",
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  // The house's size rules (issue 21, docs/architecture.md): no unit over 500 lines, no function over 80, in app/ and
  // server/. Blank lines and comments count: a file is as long as a reader scrolls.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    ignores: [
      // Word lists and demo data: long by nature, no logic to split.
      "app/lib/hex-id-words.ts",
      "server/seed/demo*.ts",
    ],
    rules: {
      "max-lines": ["error", { max: 500, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  // The house's import rules, on the import's text (no resolver needed for the "~/" alias): app/lib is
  // infrastructure and imports no component, feature or route; a shared component imports no feature or route.
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/components/**",
                "~/features/**",
                "~/routes/**",
                "**/components/**",
                "**/features/**",
                "**/routes/**",
              ],
              message: "app/lib is infrastructure: it imports no component, feature or route (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features/**", "~/routes/**", "**/features/**", "**/routes/**"],
              message:
                "A shared component imports no feature or route: move it into its feature (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  ...houseRules,
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
