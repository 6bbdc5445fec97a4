import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * Four projects:
 * - unit: pure helpers and content, in Node;
 * - workers: the store's server modules and loaders inside workerd (D1, R2, the auction Worker's objects);
 * - auction: the auction Worker's own modules inside workerd;
 * - e2e: the built store as `npm start` serves it, driven in Debian's Chromium (see tests/e2e).
 * `npm test` runs the first three side by side; `npm run test:e2e` builds, then runs the last.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  // The store and the auction Worker in one workerd (D1, R2, Durable Objects, Images), as both projects below run it.
  const workerd = () => [
    tsconfigPaths(),
    cloudflareTest({
      wrangler: { configPath: "./workers/auction/wrangler.toml" },
      miniflare: {
        // The app Worker's flag: its dependencies (remix-auth-oauth2 → debug) need Node's built-ins.
        compatibilityFlags: ["nodejs_compat"],
        // The store's bucket of claim evidence (the auction Worker's config, read above, binds only its own).
        r2Buckets: ["CLAIM_EVIDENCE"],
        images: { binding: "IMAGES" },
        bindings: {
          TEST_MIGRATIONS: migrations,
          PRODUCT_NAME: "Pulasa",
          BRAND_NAME: "Godavari Pulasa",
          SUPPORT_EMAIL: "support@example.in",
          SUPPORT_PHONE: "+91 90000 00000",
          WHATSAPP_NUMBER: "+91 90000 00000",
          SOCIAL_HANDLE: "@example",
          ENVIRONMENT: "test",
          // The randomized money test: MONEY_SEED replays a run, MONEY_STEPS sets its length.
          ...(process.env.MONEY_SEED ? { MONEY_SEED: process.env.MONEY_SEED } : {}),
          ...(process.env.MONEY_STEPS ? { MONEY_STEPS: process.env.MONEY_STEPS } : {}),
        },
      },
    }),
  ];
  return {
    test: {
      // Vitest's default (cores − 1) runs one file at a time on 2 cores, though most files mostly wait on workerd.
      maxWorkers: Math.max(2, availableParallelism()),
      projects: [
        {
          plugins: [tsconfigPaths()],
          test: {
            name: "unit",
            include: ["app/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
            exclude: ["**/*.workers.test.ts", "**/node_modules/**"],
            environment: "node",
            // Files share one Node worker and the modules they import (see fresh-modules.ts).
            setupFiles: ["./tests/setup/fresh-modules.ts"],
            isolate: false,
            // A test fails on what it checks, not on how busy a shared machine is (budgets are benchmarks).
            testTimeout: 30_000,
          },
        },
        {
          plugins: workerd(),
          test: {
            name: "workers",
            include: ["app/**/*.workers.test.ts", "workers/*.workers.test.ts"],
            // A workerd per file cost more than most files' tests: files share one, fresh storage each, and the
            // modules they import (see fresh-modules.ts).
            setupFiles: ["./tests/setup/fresh-storage.ts", "./tests/setup/fresh-modules.ts"],
            isolate: false,
            testTimeout: 30_000,
          },
        },
        {
          plugins: workerd(),
          test: {
            name: "auction",
            include: ["workers/auction/**/*.workers.test.ts"],
            setupFiles: ["./tests/setup/fresh-storage.ts", "./tests/setup/fresh-modules.ts", "./tests/setup/fresh-auction-worker.ts"],
            isolate: false,
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: "e2e",
            include: ["tests/e2e/**/*.spec.ts"],
            globalSetup: ["./tests/e2e/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
