import { defineConfig } from 'drizzle-kit';

// One initial migration generated from both schema files (the API's and the accounts work's).
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./src/db/schema.ts', './src/db/accountsSchema.ts'],
  out: './drizzle',
});
