import { defineConfig } from "drizzle-kit";

// `npm run db:generate -w @foreman/server` writes SQL migrations that both PGlite and PostgreSQL apply.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
});
