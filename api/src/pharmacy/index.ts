// What the rest of the api may use of the dashboard: its plugin, and the triage the move to
// PostgreSQL fills in.
export { default } from './plugin';
export { backfillTriage } from './backfillTriage';
