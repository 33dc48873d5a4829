import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations (decision 180), kept in step with SQLite's (drizzle.config.ts): a
// schema change runs `npm run db:generate`, which generates both.
export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/pg/schema.ts",
  out: "./api/db/pg/migrations",
});
