import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalize, type PlanContent } from '@bilan/engine';
import { fixtureOf } from '@bilan/fixtures';
import { auth, buildTestApp, type TestApp } from '../../test/helpers';
import { enableLogin, login, submittedForm } from '../../test/accounts';
import { latestDefinition } from '../questionnaire/definitions';
import { auditLog, plans, planVersions } from '../../test/tables';
import { pdfText } from '../../test/pdfText';
import { reportOf } from '@bilan/engine';

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

  describe('the copies of the plan (PPP)', () => {
    const copy = (which: string, id = worried, token = tokenA) =>
      t.app.inject({ method: 'GET', url: `/api/forms/${id}/plan/pdf/${which}`, headers: auth(token) });
    const text = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
    /** The plan above, and a vaccine due or to check (whichever the report lists) to get at the pharmacy. */
    const withVaccine = async (): Promise<PlanContent> => ({
      ...plan(),
      priorities: [
        plan().priorities[0]!,
        {
          topic:
            (await read())
              .json<View>()
              .topics.find((x) => x.key.startsWith('due:') && x.actions.some((a) => a.id === 'vaccine-at-pharmacy'))
              ?.key ?? 'none',
          actions: ['vaccine-at-pharmacy'],
          goal: 'Me faire vacciner à la pharmacie',
          obstacles: '',
          followUp: null,
          onPatientCopy: false,
        },
      ],
      choices: { copyHandedOver: '2026-03-10', doctorTransmission: '2026-03-10', mesDeposit: null },
    });

    it('has none before the plan is finalized (409), and refuses an unknown copy and another pharmacy (404)', async () => {
      expect((await save(0, await withVaccine())).statusCode).toBe(200);
      expect((await copy('patient')).json().code).toBe('plan_not_finalized');
      await finalize(1);
      expect((await copy('voisin')).statusCode).toBe(404);
      expect((await copy('patient', otherForm)).statusCode).toBe(404);
      expect((await copy('patient', worried, tokenB)).statusCode).toBe(404);
    });

    it('prints the patient’s copy without the sensitive point nor the notes, and the doctor’s with every finding', async () => {
      const contact = await t.app.inject({
        method: 'PUT',
        url: '/api/dashboard/settings',
        headers: auth(tokenA),
        payload: { address: '3 place de la Mairie, 69001 Lyon', phone: '04 78 00 00 00' },
      });
      expect(contact.statusCode, contact.body).toBe(200);
      expect((await save(0, await withVaccine())).statusCode).toBe(200);
      await finalize(1);
      const patientCopy = await copy('patient');
      expect(patientCopy.statusCode, patientCopy.body).toBe(200);
      expect(patientCopy.headers['content-disposition']).toMatch(
        /^attachment; filename="PPP-copie-patient-Durand-Luc-2026-03-10\.pdf"$/,
      );
      const forPatient = text(patientCopy.rawPayload);
      expect(forPatient).toContain('Plan personnalisé de prévention');
      expect(forPatient).toContain('Luc Durand');
      expect(forPatient).toContain('3 place de la Mairie, 69001 Lyon');
      expect(forPatient).toContain('04 78 00 00 00');
      expect(forPatient).toContain('Me faire vacciner à la pharmacie');
      expect(forPatient).toContain('Vaccin proposé et réalisé à la pharmacie');
      expect(forPatient).toContain('Copie remise au patient le 10 mars 2026');
      expect(forPatient).not.toMatch(/suicid/i);
      expect(forPatient).not.toContain('Sœur');
      expect(forPatient).not.toContain('Patient entouré');
      expect(forPatient).not.toMatch(/bilan-45to50|version 1\.\d\.\d/);
      // French typography survives the font: no-break spaces and the apostrophe.
      expect(pdfText(patientCopy.rawPayload)).toMatch(/Date de suivi|Mes priorités/);

      const doctorCopy = await copy('medecin');
      const forDoctor = text(doctorCopy.rawPayload);
      expect(forDoctor).toContain('Idées suicidaires ou tentative de suicide');
      expect(forDoctor).toContain('Patient entouré par sa sœur.');
      const report = reportOf({
        definition: latestDefinition('45to50'),
        answers: worriedAnswers(),
        date: new Date('2026-03-09T08:00:00.000Z'),
        patient: { civility: 'Madame', birthDate: '1978-05-02' },
      });
      for (const f of report.findings) expect(forDoctor).toContain(f.title.replace(/\s+/g, ' '));
      const downloads = (await t.app.store.db.select().from(auditLog)).filter((a) => a.action === 'download_plan');
      expect(downloads.map((a) => JSON.parse(a.detail ?? '{}').copy)).toEqual(['patient', 'doctor']);
    });

    it('prints a sensitive point on the patient’s copy once the pharmacist includes it', async () => {
      await save(0, plan({ onPatientCopy: true }));
      await finalize(1);
      expect(text((await copy('patient')).rawPayload)).toContain('Idées suicidaires ou tentative de suicide');
    });

    it('refuses a phone that is no phone number, in French, and changes nothing', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/dashboard/settings',
        headers: auth(tokenA),
        payload: { address: 'x', phone: 'appelez-nous' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Le téléphone ne peut contenir que des chiffres/);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/dashboard/settings', headers: auth(tokenA) })).json(),
      ).toEqual({
        address: '',
        phone: '',
        department: '',
      });
    });
  });
});
