import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./api/db/sqlite/schema.ts",
  out: "./api/db/migrations",
});
