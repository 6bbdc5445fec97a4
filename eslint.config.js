// ESLint (flat config): TypeScript's recommended rules, the rules of React hooks for the app, and an import
// rule that keeps the layers apart: domain modules and the Workers never import routes (components may import
// a route's loader type, as useFetcher<typeof loader> needs).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/routes/**", "app/root.tsx", "app/entry.*", "app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/routes/*", "**/routes/*"], message: "Only routes import routes: move what is shared into a module." }] },
      ],
    },
  },
);
