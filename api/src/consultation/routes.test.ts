import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalize, type PlanContent } from '@bilan/engine';
import { fixtureOf } from '@bilan/fixtures';
import { auth, buildTestApp, type TestApp } from '../../test/helpers';
import { enableLogin, login, submittedForm } from '../../test/accounts';
import { latestDefinition } from '../questionnaire/definitions';
import { auditLog, plans, planVersions } from '../../test/tables';

// The consultation's plan (D33, issue 39 step 2) on a real database (SQLite here, PostgreSQL in
// the api-postgres project): saved as typed, two tablets never overwrite each other silently,
// finalized into versions, bad input refused in French with nothing stored, one pharmacy's only.
let t: TestApp;
let tokenA: string;
let tokenB: string;
let worried: number;
let otherForm: number;

/** The typical 45-50 answers with suicidal thoughts and tobacco: urgent and ordinary findings. */
function worriedAnswers() {
  const calm = fixtureOf('45to50', 'typical').expected.normalized;
  return normalize(latestDefinition('45to50'), {
    ...calm,
    addictionAndMentalHealth: { ...calm.addictionAndMentalHealth, noSuicidalThoughts: false, suicidalThoughts: true },
  }).answers;
}

beforeEach(async () => {
  t = await buildTestApp();
  await enableLogin(t.app, t.pharmacy.id);
  await enableLogin(t.app, t.otherPharmacy.id);
  worried = (
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Luc',
      submittedAt: '2026-03-09T08:00:00.000Z',
      answers: worriedAnswers(),
    })
  ).patientId;
  otherForm = (
    await submittedForm(t.app, t.otherPharmacy.id, {
      lastName: 'Autre',
      firstName: 'Jean',
      submittedAt: '2026-03-09T08:00:00.000Z',
    })
  ).patientId;
  tokenA = await login(t.app, t.pharmacy.email);
  tokenB = await login(t.app, t.otherPharmacy.email, undefined, '10.0.0.9');
});
afterEach(async () => {
  await t.close();
});

type View = {
  revision: number;
  content: PlanContent;
  versions: { version: number; finalizedAt: string }[];
  today: string;
  topics: { key: string; title: string; sensitive: boolean; triage: string | null; actions: { id: string }[] }[];
};
const read = async (id = worried, token = tokenA) =>
  t.app.inject({ method: 'GET', url: `/api/forms/${id}/plan`, headers: auth(token) });
const save = (revision: number, content: PlanContent, id = worried, token = tokenA) =>
  t.app.inject({ method: 'PUT', url: `/api/forms/${id}/plan`, headers: auth(token), payload: { revision, content } });
const finalize = (revision: number, id = worried) =>
  t.app.inject({ method: 'POST', url: `/api/forms/${id}/plan/finalize`, headers: auth(tokenA), payload: { revision } });
const stored = async () => ({
  plans: await t.app.store.db.select().from(plans),
  versions: await t.app.store.db.select().from(planVersions),
});

const choices = { copyHandedOver: null, doctorTransmission: null, mesDeposit: null };
const plan = (over: Partial<PlanContent['priorities'][number]> = {}): PlanContent => ({
  priorities: [
    {
      topic: 'finding:suicide-thoughts',
      actions: ['number-3114', 'see-doctor'],
      goal: 'En parler à mon médecin cette semaine.\nAppeler le 3114 si ça revient.',
      obstacles: 'La peur d’en parler',
      followUp: '2026-03-24',
      onPatientCopy: false,
      ...over,
    },
  ],
  notes: 'Patient entouré par sa sœur.',
  choices,
});

describe('the consultation plan (D33)', () => {
  it('offers the report’s findings and what is due, with their level, sensitivity and actions, and an empty plan', async () => {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json<View>();
    expect(view).toMatchObject({
      revision: 0,
      versions: [],
      today: '2026-03-10',
      content: { priorities: [], notes: '' },
    });
    const suicide = view.topics.find((x) => x.key === 'finding:suicide-thoughts');
    expect(suicide).toMatchObject({ triage: 'urgent', sensitive: true });
    expect(suicide?.actions.map((a) => a.id)).toEqual(expect.arrayContaining(['number-3114', 'see-doctor']));
    // Vaccines and screenings the report lists as due or to check are topics too, with their actions.
    const due = view.topics.filter((x) => x.key.startsWith('due:'));
    expect(due.length).toBeGreaterThan(0);
    expect(due.flatMap((x) => x.actions.map((a) => a.id))).toContain('vaccine-at-pharmacy');
  });

  it('saves as typed, keeps line breaks, and refuses a save from a tablet that read an older revision (409) with the stored plan', async () => {
    const first = await save(0, plan());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ revision: 1 });
    const view = (await read()).json<View>();
    expect(view.revision).toBe(1);
    expect(view.content.priorities[0]?.goal).toBe(
      'En parler à mon médecin cette semaine.\nAppeler le 3114 si ça revient.',
    );
    // Tablet A saves revision 1 → 2; tablet B, still on revision 1, is told and keeps its typing.
    expect((await save(1, plan({ goal: 'Tablette A' }))).statusCode).toBe(200);
    const late = await save(1, plan({ goal: 'Tablette B' }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'plan_conflict',
      revision: 2,
      content: { priorities: [{ goal: 'Tablette A' }] },
    });
    expect(late.json().message).toMatch(/modifié sur un autre appareil/);
    expect(JSON.parse((await stored()).plans[0]?.content ?? '{}').priorities[0].goal).toBe('Tablette A');
    // A second first save (revision 0) once a plan exists is a conflict too.
    expect((await save(0, plan())).statusCode).toBe(409);
  });

  it('lets exactly one of two tablets saving the same revision at once win', async () => {
    await save(0, plan());
    const [a, b] = await Promise.all([save(1, plan({ goal: 'A' })), save(1, plan({ goal: 'B' }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await stored()).plans[0]?.revision).toBe(2);
  });

  it('finalizes a version, and a later change then a second finalization makes version 2 while version 1 stays', async () => {
    expect((await finalize(0)).statusCode).toBe(409);
    await save(0, plan());
    const v1 = await finalize(1);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json()).toMatchObject({ version: 1 });
    await save(1, plan({ goal: 'Nouvel objectif' }));
    expect((await finalize(2)).json()).toMatchObject({ version: 2 });
    const { versions } = await stored();
    expect(versions.map((v) => [v.version, JSON.parse(v.content).priorities[0].goal])).toEqual([
      [1, 'En parler à mon médecin cette semaine.\nAppeler le 3114 si ça revient.'],
      [2, 'Nouvel objectif'],
    ]);
    expect((await read()).json<View>().versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('refuses to finalize a plan without a priority', async () => {
    await save(0, { priorities: [], notes: '', choices });
    const res = await finalize(1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choisissez au moins une priorité avec le patient avant de finaliser le plan.');
    expect((await stored()).versions).toEqual([]);
  });

  it.each([
    [
      'four priorities',
      {
        ...plan(),
        priorities: ['suicide-thoughts', 'tobacco', 'no-physical-activity', 'alcohol-over-reference'].map((id) => ({
          ...plan().priorities[0]!,
          topic: `finding:${id}`,
          actions: [],
        })),
      },
      /Retenez trois priorités au plus avec le patient \(4 choisies\)\./,
    ],
    [
      'an unknown action',
      plan({ actions: ['teleportation'] }),
      /L’action « teleportation » n’existe pas pour la priorité/,
    ],
    ['an action of another topic', plan({ actions: ['colorectal-kit'] }), /L’action « colorectal-kit » n’existe pas/],
    ['a topic not in the report', plan({ topic: 'finding:chest-pain' }), /ne correspond à aucun point du bilan/],
    [
      'a follow-up date in the past',
      plan({ followUp: '2026-03-09' }),
      /est passée : choisissez aujourd’hui ou une date à venir/,
    ],
    ['a follow-up date that is no date', plan({ followUp: '2026-02-30' }), /n’est pas une date/],
    [
      'a 10,000-character goal',
      plan({ goal: 'x'.repeat(10_000) }),
      /« Mon objectif » de la priorité .* dépasse 500 caractères \(10000\)/,
    ],
  ])('refuses %s in French and stores nothing', async (_what, content, message) => {
    const res = await save(0, content as PlanContent);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('plan_invalid');
    expect(res.json().message.replace(/\u00a0/g, ' ')).toMatch(message);
    expect((await stored()).plans).toEqual([]);
  });

  it('refuses a body of another shape (400) and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/forms/${worried}/plan`,
      headers: auth(tokenA),
      payload: { revision: 0, content: { ...plan(), admin: true } },
    });
    expect(res.statusCode).toBe(400);
    expect((await stored()).plans).toEqual([]);
  });

  it('answers another pharmacy’s form, a form in progress and a bad id as not found, with nothing stored nor audited', async () => {
    for (const res of [
      await read(otherForm),
      await save(0, plan(), otherForm),
      await finalize(1, otherForm),
      await read(worried, tokenB),
      await save(0, plan(), worried, tokenB),
      await read(0),
    ])
      expect(res.statusCode).toBe(404);
    const badId = await t.app.inject({ method: 'GET', url: '/api/forms/abc/plan', headers: auth(tokenA) });
    expect(badId.statusCode).toBe(404);
    expect((await stored()).plans).toEqual([]);
    expect(await t.app.store.db.select().from(auditLog)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${worried}/plan` })).statusCode).toBe(401);
  });

  it('writes every read and change in the audit trail', async () => {
    await read();
    await save(0, plan());
    await finalize(1);
    const rows = await t.app.store.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.actorAccountId, r.patientId, JSON.parse(r.detail ?? 'null')])).toEqual([
      ['view_plan', t.pharmacy.id, worried, null],
      ['save_plan', t.pharmacy.id, worried, { revision: 1 }],
      ['finalize_plan', t.pharmacy.id, worried, { version: 1 }],
    ]);
  });
});
