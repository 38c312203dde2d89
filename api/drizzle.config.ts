import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts into ./drizzle, one numbered file per change,
// and never rewritten once committed: `pnpm --filter @bilan/api db:generate` adds the next one.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
