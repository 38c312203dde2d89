import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What the public site reads from the database itself (the pharmacy lookup is accounts'). */
export function siteRepository(db: Db) {
  return {
    /** One trivial read: the database answers. */
    async ping(): Promise<void> {
      db.get(sql`SELECT 1`);
    },
  };
}

export type SiteRepository = ReturnType<typeof siteRepository>;
