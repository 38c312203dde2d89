import type { Db } from '../client';
import { demoSubmissions } from '../schema';

/** Answers of the submission test screen (test data). */
export function demoSubmissionsRepository(db: Db) {
  return {
    async insert(ageGroup: string, responses: unknown, now: string): Promise<number> {
      return db.insert(demoSubmissions).values({ ageGroup, responses: JSON.stringify(responses), createdAt: now }).returning({ id: demoSubmissions.id }).get().id;
    },
  };
}

export type DemoSubmissionsRepository = ReturnType<typeof demoSubmissionsRepository>;
