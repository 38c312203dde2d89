// Page saves racing the finishing call (issue 14, data integrity): every save the server
// acknowledged is in the final form, or the save was refused; the finish never stores a copy read
// before an acknowledged save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answers } from '@bilan/engine';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { storedPdfsOf } from '../../test/readers';
import { foldedPdfText } from '../../test/pdfText';
import { patientService } from './service';
import {
  identityFor,
  injectCall,
  registerPatient,
  savePage,
  typicalPages,
  type Call,
  type CallResponse,
} from '../../test/reliability/patientFlow';
import { sqlGet } from '../../test/sql';

const ROUNDS = 100;
const SAVES = 50;

/** The pages the racing saves change, each with a field whose value names the save. */
const MARKED: Record<string, (i: number) => Answers[string]> = {
  physicalHealth: (i) => ({ height: 150 + i }),
  healthQuestions: (i) => ({ otherSexualHealth: `marqueur ${i}` }),
  addictionAndMentalHealth: (i) => ({ customFocusTopics: `marqueur ${i}` }),
};
const SECTIONS = Object.keys(MARKED);

interface Acked {
  section: string;
  version: number;
  reponses: Answers[string];
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const parse = (res: CallResponse) => JSON.parse(res.body) as Record<string, unknown>;

/** One round: a patient with every page saved, then 50 saves on three pages and the finishing call at once. */
async function round(n: number): Promise<{ acked: Acked[]; refused: string[]; finish: CallResponse[] }> {
  // One address per round: the per-address limits of registration and of the finishing call stay out of the way.
  const call: Call = injectCall(t.app, `10.9.${Math.floor(n / 250)}.${n % 250}`);
  const patient = await registerPatient(call, t.pharmacy.id, identityFor(1000 + n, '45to50', t.app.clock()), '45to50');
  const pages = typicalPages('45to50');
  for (const page of pages)
    expect((await savePage(call, patient.token, page.section, page.answers)).statusCode).toBe(200);
  const base = Object.fromEntries(pages.map((p) => [p.section, p.answers]));

  // A save every millisecond, and the finishing call sent among them at a varying moment: saves
  // land before its read, around its commit, and after it (the finish commits in a few ms now that
  // the PDFs are rendered after the answer).
  const saves = Array.from({ length: SAVES }, (_, i) => {
    const section = SECTIONS[i % SECTIONS.length] as string;
    const promise = sleep(i).then(() =>
      savePage(call, patient.token, section, { ...base[section], ...MARKED[section]?.(i) }),
    );
    return { section, promise };
  });
  const finish = sleep(5 + ((n * 7) % 35)).then(() =>
    call({ method: 'POST', url: '/api/utilisateur/me/submit', headers: { authorization: `Bearer ${patient.token}` } }),
  );
  const results = await Promise.all(saves.map(async (s) => ({ section: s.section, res: await s.promise })));
  const finishes = [await finish];
  // A finish that kept meeting new saves gives up with 409 form_changed: the patient tries again.
  while (finishes.at(-1)?.statusCode === 409) {
    expect(parse(finishes.at(-1) as CallResponse).code).toBe('form_changed');
    finishes.push(
      await call({
        method: 'POST',
        url: '/api/utilisateur/me/submit',
        headers: { authorization: `Bearer ${patient.token}` },
      }),
    );
  }
  const acked: Acked[] = [];
  const refused: string[] = [];
  for (const { section, res } of results) {
    if (res.statusCode === 200) {
      const body = parse(res) as { version: number; reponses: Answers[string] };
      acked.push({ section, version: body.version, reponses: body.reponses });
    } else refused.push(`${res.statusCode} ${String(parse(res).code)}`);
  }
  return { acked, refused, finish: finishes };
}

describe('page saves racing the finishing call', () => {
  it(
    `keep every acknowledged save in the final form or refuse it, over ${ROUNDS} rounds of ${SAVES} saves and a finish`,
    { timeout: 600_000 },
    async () => {
      const outcomes = { acked: 0, refused: 0, finishRetries: 0, split: 0 };
      for (let n = 0; n < ROUNDS; n++) {
        const { acked, refused, finish } = await round(n);
        expect(finish.at(-1)?.statusCode, finish.at(-1)?.body).toBe(200);
        outcomes.acked += acked.length;
        outcomes.refused += refused.length;
        outcomes.finishRetries += finish.length - 1;
        if (acked.length > 0 && refused.length > 0) outcomes.split += 1;
        // A refused save says why: it came after the finish (in the race, or after the session ended).
        for (const r of refused) expect(['409 already_submitted', '401 form_submitted']).toContain(r);

        const row = (await sqlGet(
          t.app,
          'SELECT f.id, p.id AS "patientId", f.status, f.answers FROM forms f JOIN patients p ON p.id = f.patient_id WHERE p.email = ?',
          `patient${1000 + n}@example.fr`,
        )) as {
          id: number;
          patientId: number;
          status: string;
          answers: string;
        };
        expect(row.status).toBe('submitted');
        const final = JSON.parse(row.answers) as Answers;
        for (const section of SECTIONS) {
          const mine = acked.filter((a) => a.section === section);
          if (mine.length === 0) continue;
          // Every acknowledged save of the section is kept unless a later acknowledged save replaced it:
          // the final copy is one of them, the last one the server stored (highest version).
          expect(
            mine.map((a) => a.reponses),
            `round ${n}, ${section}`,
          ).toContainEqual(final[section]);
          const last = mine.reduce((a, b) => (b.version > a.version ? b : a));
          expect(final[section], `round ${n}, ${section}`).toEqual(last.reponses);
        }
        if (n % 20 === 0) {
          // The PDFs are rendered from that same final copy.
          // The PDFs are rendered just after the answer (reports/formPdfs.ts).
          await t.app.formPdfs.idle();
          const pdf = (await storedPdfsOf(t.app, row.patientId)).find((d) => d.kind === 'questionnaire');
          expect(foldedPdfText(pdf?.content ?? Buffer.alloc(0))).toContain(
            String(final.addictionAndMentalHealth?.customFocusTopics),
          );
        }
      }
      // The race really happened: the finish met saves on both sides of its commit (acknowledged
      // before, refused after: SQLite, 95 rounds of 100 on a quiet machine), or had to read again
      // because a save came in between (PostgreSQL, where the saves of one form take turns under its
      // row lock: 51 retries in 100 rounds). How often depends on how late the timers fire (11 in 100
      // on a loaded CI machine), so the witness asked for is one round, not a share of them.
      expect(outcomes.acked).toBeGreaterThan(0);
      expect(outcomes.split + outcomes.finishRetries).toBeGreaterThan(0);
    },
  );

  it('answers 409 already_submitted to a save that passed the patient guard while the finishing call committed', async () => {
    const call = injectCall(t.app, '10.8.0.1');
    const patient = await registerPatient(call, t.pharmacy.id, identityFor(999, '45to50', t.app.clock()), '45to50');
    for (const page of typicalPages('45to50')) await savePage(call, patient.token, page.section, page.answers);
    const service = patientService(t.app);
    // The guard let the save in (form in progress); the finishing call commits before its transaction.
    const finished = await call({
      method: 'POST',
      url: '/api/utilisateur/me/submit',
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(finished.statusCode).toBe(200);
    const stored = await sqlGet(t.app, 'SELECT answers, version FROM forms WHERE patient_id = ?', patient.userId);
    const late = service.savePage(patient.userId, 'physicalHealth', { height: 180 });
    await expect(late).rejects.toMatchObject({
      statusCode: 409,
      code: 'already_submitted',
      message: 'Ce questionnaire a déjà été envoyé.',
    });
    expect(await sqlGet(t.app, 'SELECT answers, version FROM forms WHERE patient_id = ?', patient.userId)).toEqual(
      stored,
    );
  });
});
