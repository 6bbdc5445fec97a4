// ESLint (flat config): TypeScript's recommended rules, the rules of React hooks for the app, and an import
// rule that keeps the layers apart: domain modules and the Workers never import routes (components may import
// a route's loader type, as useFetcher<typeof loader> needs).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Folders of domain code: the shop's rules, used by routes, components and the HTTP layer (web). */
const DOMAIN = [
  "addresses",
  "admin",
  "auctions",
  "auth",
  "cart",
  "catalog",
  "claims",
  "content",
  "db",
  "delivery",
  "i18n",
  "landings",
  "lib",
  "mail",
  "messaging",
  "notifications",
  "payments",
];

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const NOT_ROUTES = { group: ["~/routes/*", "**/routes/*"], message: "Only routes import routes: move what is shared into a module." };
const NOT_PAGES = {
  group: ["~/components/*", "**/components/*", "~/web/*", "**/web/*"],
  message: "Domain code serves the pages and the API; it never imports them.",
};

export default tseslint.config(
  { ignores: ["build/**", "**/.wrangler/**", "node_modules/**", "public/**", "test-results/**", "worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: [...TESTS, "app/routes/**", "app/root.tsx", "app/entry.*", "app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_ROUTES] }] },
  },
  {
    // Domain folders hold the shop's rules: they never reach into pages (components) or the HTTP layer (web).
    files: DOMAIN.map((folder) => `app/${folder}/**/*.{ts,tsx}`),
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_ROUTES, NOT_PAGES] }] },
  },
  {
    // The order's life (loading, its version guard, events, status and payment moves) lives in app/orders, which
    // the admin, the customer, claims, payments and the auction close all call: it never imports the admin's code.
    files: ["app/orders/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NOT_ROUTES,
            NOT_PAGES,
            { group: ["~/admin/*", "**/admin/*"], message: "The order's home never imports the admin's views: move the shared part into app/orders." },
          ],
        },
      ],
    },
  },
);
