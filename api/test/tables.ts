import { pgTables } from '../src/db/pgSchema';
import * as schema from '../src/db/schema';
import { onPostgres } from './helpers';

// The tables as the tests build queries on them: those of the database the run proves
// (TEST_DATABASE), the same shape on both (pgSchema.ts derives them).
const tables = onPostgres() ? pgTables : (schema as unknown as typeof pgTables);

export const {
  accounts,
  patients,
  forms,
  documents,
  emails,
  invitations,
  accountTokens,
  loginCodes,
  auditLog,
  plans,
  planVersions,
  acts,
  actEntries,
} = tables;
