import type { Answers } from '@bilan/engine';
import type { Db } from '../db/client';
import { demoSubmissions } from '../db/schema';

/** Answers of the submission test screen (test data, no identity). */
export function demoRepository(db: Db) {
  return {
    async insert(band: string, answers: Answers, now: string): Promise<number> {
      return db.insert(demoSubmissions).values({ band, answers: JSON.stringify(answers), createdAt: now }).returning({ id: demoSubmissions.id }).get().id;
    },
  };
}

export type DemoRepository = ReturnType<typeof demoRepository>;
