import type { Db } from '../client';
import { answerSetsRepository } from './answerSets';
import { botCheckRepository } from './botCheck';
import { clientsRepository } from './clients';
import { demoSubmissionsRepository } from './demoSubmissions';
import { documentsRepository } from './documents';
import { emailsRepository } from './emails';
import { patientsRepository } from './patients';

/**
 * Every database access of the routes goes through these repositories; a PostgreSQL dialect
 * would provide the same functions (they already return promises) without touching the routes.
 */
export function createRepositories(db: Db) {
  return {
    clients: clientsRepository(db),
    patients: patientsRepository(db),
    answerSets: answerSetsRepository(db),
    documents: documentsRepository(db),
    emails: emailsRepository(db),
    botCheck: botCheckRepository(db),
    demoSubmissions: demoSubmissionsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
