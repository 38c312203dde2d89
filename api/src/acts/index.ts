// What the rest of the api may use of the acts: its plugin, and what the retention purge keeps.
export { default } from './plugin';
export { departmentOf } from './amount';
export { canonicalJson, entryHash } from './ledger';
