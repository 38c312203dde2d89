import { afterEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { botTicket, buildTestApp, snapshot, type TestApp } from '../../test/helpers';
import { foldedPdfText } from '../../test/pdfText';
import { DEMO_EMAILS_PER_RECIPIENT } from './service';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink';
import { sqlGet } from '../../test/sql';

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t?.close();
  await sink?.close();
  t = undefined;
  sink = undefined;
});

const typical = fixtureOf('60to65', 'typical');
const wrongAnswer = fixtureOf('60to65', 'invalid-wrong-answer');

describe('POST /api/send-test-email', () => {
  const send = async (app: TestApp['app'], email: string, over: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/send-test-email',
      payload: {
        responses: typical.answers,
        ageGroup: '60to65',
        userForm: { email, ageGroup: '60to65' },
        ticket: await botTicket(app),
        ...over,
      },
    });

  it('sends both PDFs through SMTP to the address typed on /form, with a solved bot check', async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: sink.url } });
    const res = await send(t.app, 'Visiteur@Example.fr');
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await sink.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['visiteur@example.fr']);
    expect(mail?.subject).toBe('Votre bilan prévention (démonstration)');
    expect(mail?.headers.from).toContain('no-reply@bilan-prevention.local');
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Questionnaire.pdf', 'application/pdf'],
      ['Bilan.pdf', 'application/pdf'],
    ]);
    for (const a of mail?.attachments ?? []) expect(a.content.subarray(0, 5).toString()).toBe('%PDF-');
    await t.app.mailer.idle();
    const row = await sqlGet(t.app, 'SELECT status, kind FROM emails');
    expect(row).toEqual({ status: 'sent', kind: 'demo' });
  });

  it.each([
    ['no e-mail address', { userForm: { email: '' } }, 400, 'invalid_email'],
    ['a list of addresses', { userForm: { email: 'a@example.fr, b@example.fr' } }, 400, 'invalid_email'],
    ['a display name', { userForm: { email: 'Moi <a@example.fr>' } }, 400, 'invalid_email'],
    ['an added header', { userForm: { email: 'a@example.fr\nBcc: b@example.fr' } }, 400, 'invalid_text'],
    ['an unknown age group', { ageGroup: '30to40', userForm: { email: 'v@example.fr' } }, 400, 'unknown_age_group'],
    [
      'a wrong answer string',
      { responses: wrongAnswer.answers, userForm: { email: 'v@example.fr' } },
      422,
      'invalid_answers',
    ],
    ['no bot check', { ticket: undefined }, 400, 'bot_check_failed'],
    ['a forged ticket', { ticket: 'forged' }, 400, 'bot_check_failed'],
  ])('refuses %s and queues nothing', async (_name, over, status, code) => {
    t = await buildTestApp();
    const before = await snapshot(t.app, ['emails']);
    const res = await send(t.app, 'v@example.fr', over);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t.app, ['emails'])).toEqual(before);
  });

  it('spends the ticket: one solved bot check sends one e-mail', async () => {
    t = await buildTestApp();
    const ticket = await botTicket(t.app);
    const payload = { responses: typical.answers, ageGroup: '60to65', userForm: { email: 'v@example.fr' }, ticket };
    expect((await t.app.inject({ method: 'POST', url: '/api/send-test-email', payload })).statusCode).toBe(202);
    const again = await t.app.inject({ method: 'POST', url: '/api/send-test-email', payload });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('bot_check_failed');
  });

  it('sends an address 3 demo e-mails an hour at most, whoever asks', async () => {
    t = await buildTestApp();
    for (let i = 0; i < DEMO_EMAILS_PER_RECIPIENT; i++)
      expect((await send(t.app, 'cible@example.fr')).statusCode).toBe(202);
    const refused = await send(t.app, 'CIBLE@example.fr');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_demo_emails',
      message: 'Trop d’e-mails de démonstration envoyés à cette adresse. Réessayez dans une heure.',
    });
    expect((await send(t.app, 'autre@example.fr')).statusCode).toBe(202);
    expect(
      ((await sqlGet(t.app, 'SELECT count(*) AS n FROM emails WHERE "to" = \'cible@example.fr\'')) as { n: number }).n,
    ).toBe(DEMO_EMAILS_PER_RECIPIENT);
  });

  it('counts the hour of that limit on the mail queue’s clock', async () => {
    let mailNow = new Date('2026-03-10T10:00:00.000Z');
    t = await buildTestApp({ mailClock: () => mailNow });
    for (let i = 0; i < DEMO_EMAILS_PER_RECIPIENT; i++)
      expect((await send(t.app, 'cible@example.fr')).statusCode).toBe(202);
    mailNow = new Date(mailNow.getTime() + 59 * 60_000);
    expect((await send(t.app, 'cible@example.fr')).statusCode).toBe(429);
    mailNow = new Date(mailNow.getTime() + 60_000);
    expect((await send(t.app, 'cible@example.fr')).statusCode).toBe(202);
  });

  it('answers one address 10 demo e-mails an hour at most', async () => {
    t = await buildTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/send-test-email', payload: {}, remoteAddress: '203.0.113.9' }))
          .statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('never puts text of the sender’s choosing in the e-mail: free answers are left out of its PDFs', async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: sink.url } });
    const spam = 'Gagnez un iPhone sur arnaque.test';
    const responses = {
      ...typical.answers,
      familyHistory: { ...typical.answers.familyHistory, customFocusTopics: spam },
    };
    // The downloaded demo PDF prints the free text (it goes back to its own author only)...
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/generate-bilan',
      payload: { responses, ageGroup: '60to65' },
    });
    expect(foldedPdfText(download.rawPayload)).toContain('arnaque.test');
    // ...the e-mailed one does not.
    expect((await send(t.app, 'v@example.fr', { responses })).statusCode).toBe(202);
    const [mail] = await sink.waitFor(1);
    expect(mail?.text).not.toContain(spam);
    expect(mail?.attachments).toHaveLength(2);
    for (const a of mail?.attachments ?? []) expect(foldedPdfText(a.content)).not.toContain('arnaque.test');
  });
});

describe('POST /api/storeJson', () => {
  it('stores the normalized demo answers and reports what was dropped', async () => {
    t = await buildTestApp();
    const answers = { ...typical.answers, unknownSection: { a: 1 } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storeJson',
      payload: { responses: answers, ageGroup: '60to65' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().dropped).toContain('unknownSection');
    const row = (await sqlGet(t.app, 'SELECT band, answers FROM demo_submissions')) as {
      band: string;
      answers: string;
    };
    expect(row.band).toBe('60to65');
    expect(JSON.parse(row.answers)).toEqual(typical.expected.normalized);
  });

  it('refuses invalid answers and stores nothing', async () => {
    t = await buildTestApp();
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storeJson',
      payload: { responses: wrongAnswer.answers, ageGroup: '60to65' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_answers', details: { errors: wrongAnswer.expected.errors } });
    expect(await snapshot(t.app)).toEqual(before);
  });
});
