import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, generated from the schema derived from schema.ts (src/db/pgSchema.ts)
// into ./drizzle-pg: `pnpm --filter @bilan/api db:generate` writes both dialects' next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pgSchema.ts',
  out: './drizzle-pg',
});
