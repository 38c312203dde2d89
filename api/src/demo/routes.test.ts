import { afterEach, describe, expect, it } from 'vitest';
import { loadFixtures } from '@bilan/fixtures';
import { buildTestApp, snapshot, type TestApp } from '../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink';

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t?.close();
  await sink?.close();
  t = undefined;
  sink = undefined;
});

const typical = loadFixtures('60to65').find((f) => f.name === 'typical');
const wrongAnswer = loadFixtures('60to65').find((f) => f.name === 'invalid-wrong-answer');
if (!typical || !wrongAnswer) throw new Error('fixtures 60to65 missing');

describe('POST /api/send-test-email', () => {
  it('sends both PDFs through SMTP to the address typed on /form', async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: sink.url } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/send-test-email',
      payload: { responses: typical.answers, ageGroup: '60to65', userForm: { email: 'visiteur@example.fr', ageGroup: '60to65' } },
    });
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
    const row = t.app.sqlite.prepare("SELECT status, kind FROM emails").get();
    expect(row).toEqual({ status: 'sent', kind: 'demo' });
  });

  it.each([
    ['no e-mail address', { responses: {}, ageGroup: '60to65', userForm: { email: '' } }, 400, 'invalid_email'],
    ['an unknown age group', { responses: {}, ageGroup: '30to40', userForm: { email: 'v@example.fr' } }, 400, 'unknown_age_group'],
    ['a wrong answer string', { responses: wrongAnswer.answers, ageGroup: '60to65', userForm: { email: 'v@example.fr' } }, 422, 'invalid_answers'],
  ])('refuses %s and queues nothing', async (_name, payload, status, code) => {
    t = await buildTestApp();
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/send-test-email', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('POST /api/storeJson', () => {
  it('stores the normalized demo answers and reports what was dropped', async () => {
    t = await buildTestApp();
    const answers = { ...typical.answers, unknownSection: { a: 1 } };
    const res = await t.app.inject({ method: 'POST', url: '/api/storeJson', payload: { responses: answers, ageGroup: '60to65' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().dropped).toContain('unknownSection');
    const row = t.app.sqlite.prepare('SELECT band, answers FROM demo_submissions').get() as { band: string; answers: string };
    expect(row.band).toBe('60to65');
    expect(JSON.parse(row.answers)).toEqual(typical.expected.normalized);
  });

  it('refuses invalid answers and stores nothing', async () => {
    t = await buildTestApp();
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/storeJson', payload: { responses: wrongAnswer.answers, ageGroup: '60to65' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_answers', details: { errors: wrongAnswer.expected.errors } });
    expect(await snapshot(t.app)).toEqual(before);
  });
});
