import { sql } from 'drizzle-orm';
import type { Store } from '../db/store';

/** What the public site reads from the database itself (the pharmacy lookup is accounts'). */
export function siteRepository(store: Store) {
  return {
    /** One trivial read: the database answers. */
    async ping(): Promise<void> {
      await store.rows(sql`SELECT 1`);
    },
  };
}

export type SiteRepository = ReturnType<typeof siteRepository>;
