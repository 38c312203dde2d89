import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { fieldsOf, type Answers, type Definition } from '@bilan/engine';
import { ApiError, apiError } from '../errors';
import { demoEmail } from '../mail';
import { demoAnswers } from '../questionnaire/answers';
import type { demoBodySchema } from './schemas';

type DemoBody = FromSchema<typeof demoBodySchema>;

/** Demo e-mails one address may receive in an hour. */
export const DEMO_EMAILS_PER_RECIPIENT = 3;

/** One address, as a browser's type="email" field accepts it (no list, no display name, no quotes), with a dot in its domain. */
const SINGLE_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * The answers the demo e-mail's PDFs show: the choices, numbers and ticked boxes, never a free
 * text. Whoever solves the bot check can pick the recipient, but not one word of what it reads.
 */
function withoutFreeText(definition: Definition, answers: Answers): Answers {
  const fields = fieldsOf(definition);
  const free = (key: string) => fields.get(key)?.kind === 'text' || fields.get(key)?.kind === 'textarea';
  return Object.fromEntries(
    Object.entries(answers).map(([section, values]) => [
      section,
      Object.fromEntries(Object.entries(values ?? {}).filter(([k]) => !free(k))),
    ]),
  );
}

/** The demo flow and the submission test screen: no account, answers are test data. */
export function demoService(app: FastifyInstance) {
  return {
    /**
     * Both PDFs e-mailed to the address typed on /form (D15), in the fixed demo message: a solved
     * bot check per e-mail (its ticket spent with the queued message), a few per recipient and
     * hour, no free text of the sender's in the PDFs.
     */
    async sendTestEmail(b: DemoBody): Promise<void> {
      const to = (b.userForm?.email ?? '').trim().toLowerCase();
      if (to.length > 254 || !SINGLE_ADDRESS.test(to)) throw apiError(400, 'invalid_email');
      if (!b.ticket) throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage);
      const { definition, answers } = await demoAnswers(b.ageGroup ?? b.userForm?.ageGroup, b.responses);
      const pdfs = await app.pdfRenderer.both({
        definition,
        answers: withoutFreeText(definition, answers),
        patient: null,
        pharmacy: null,
        date: app.clock(),
      });
      // The recipient's hourly limit counts on the mail queue's clock, as the queue's rows do.
      const wall = app.mailer.now().getTime();
      const queued = await app.demoRepository.queueEmail({
        email: demoEmail({
          to,
          bandLabel: definition.band.label,
          questionnairePdf: pdfs.questionnaire,
          bilanPdf: pdfs.bilan,
        }),
        ticketKey: app.botCheck.ticketKey(b.ticket),
        now: app.clock().toISOString(),
        queuedAt: new Date(wall).toISOString(),
        since: new Date(wall - 3600_000).toISOString(),
        max: DEMO_EMAILS_PER_RECIPIENT,
      });
      if (queued === 'recipient_limit') throw apiError(429, 'too_many_demo_emails');
      if (queued === 'ticket_invalid') throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage);
      app.mailer.kick();
    },
    /** Stores the answers of the submission test screen; answers what the replay dropped. */
    async store(b: DemoBody): Promise<{ id: number; dropped: string[] }> {
      const { answers, dropped, definition } = await demoAnswers(b.ageGroup ?? b.userForm?.ageGroup, b.responses);
      const id = await app.demoRepository.insert(definition.band.code, answers, app.clock().toISOString());
      return { id, dropped };
    },
  };
}
