import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors';
import { demoEmail } from '../mail/messages';
import { demoAnswers } from '../questionnaire/answers';

/** What the demo screens send: the spec's `{ responses, ageGroup, userForm }`. */
export interface DemoBody {
  responses?: Record<string, unknown>;
  ageGroup?: string;
  userForm?: { email?: string; ageGroup?: string };
}

/** The demo flow and the submission test screen: no account, answers are test data. */
export function demoService(app: FastifyInstance) {
  return {
    /** Both PDFs e-mailed to the address typed on /form (D15). */
    async sendTestEmail(b: DemoBody): Promise<void> {
      const to = (b.userForm?.email ?? '').trim();
      // The demo entry has no format check (platform.md §5); a message still needs an address.
      if (!/^[^\s@]+@[^\s@]+$/.test(to)) throw apiError(400, 'invalid_email');
      const { definition, answers } = demoAnswers(b.ageGroup ?? b.userForm?.ageGroup, b.responses);
      const pdfs = await app.pdf.both({ definition, answers, patient: null, pharmacy: null, date: app.clock() });
      await app.mailer.enqueue(demoEmail({ to, bandLabel: definition.band.label, questionnairePdf: pdfs.questionnaire, bilanPdf: pdfs.bilan }));
    },

    /** Stores the answers of the submission test screen; answers what the replay dropped. */
    async store(b: DemoBody): Promise<{ id: number; dropped: string[] }> {
      const { answers, dropped, definition } = demoAnswers(b.ageGroup ?? b.userForm?.ageGroup, b.responses);
      const id = await app.repos.demo.insert(definition.band.code, answers, app.clock().toISOString());
      return { id, dropped };
    },
  };
}
