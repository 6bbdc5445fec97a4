import { defineConfig } from "drizzle-kit";

// drizzle-kit 0.31 writes flat migrations/NNNN_name.sql files, the layout `wrangler d1 migrations apply` reads.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
