import {
  paris,
  reasonsLine,
  sourceLine,
  textWithPhones,
  LEVEL_LABELS,
  type Definition,
  type PlanAction,
  type PlanContent,
  type PlanTopic,
} from '@bilan/engine';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { baseDocument, withPhoneLinks } from './layout';

/** What a copy of the plan is printed from: the frozen version, its topics and who it is for. */
export interface PppInput {
  copy: 'patient' | 'doctor';
  definition: Definition;
  plan: PlanContent;
  /** The frozen version's number and when it was finalized (ISO). */
  version: number;
  finalizedAt: string;
  topics: readonly PlanTopic[];
  /** The library's actions, to print their labels and sources. */
  actions: readonly PlanAction[];
  patient: { civility: string; firstName: string; lastName: string; birthDate: string };
  pharmacy: { displayName: string; address: string | null; phone: string | null };
}

const COPY_TITLE = { patient: 'PPP - copie patient', doctor: 'PPP - copie médecin' } as const;

/** The numbers every copy prints: emergencies, and the pharmacy's own. */
function usefulNumbers(input: PppInput): Content {
  const lines = [
    'SAMU (urgence médicale)\u00a0: 15',
    'Numéro d’urgence européen\u00a0: 112',
    ...(input.pharmacy.phone ? [`${input.pharmacy.displayName}\u00a0: ${input.pharmacy.phone}`] : []),
  ];
  return [
    { text: 'Numéros utiles', style: 'h2' },
    { ul: lines.map((l) => withPhoneLinks(textWithPhones(l, phonesIn(l)))) },
  ];
}

/** The phone numbers written in a line (« 15 », « 39 89 », « 01 23 45 67 89 »), to print as tel: links. */
function phonesIn(line: string): string[] {
  const after = line.split('\u00a0: ')[1];
  return after ? [after] : [];
}

/** The identity block: who, when, which pharmacy (no internal identifier: D33). */
function header(input: PppInput): Content {
  const p = input.patient;
  const rows: [string, string][] = [
    ['Patient', `${p.civility} ${p.firstName} ${p.lastName}`.trim()],
    ['Date de naissance', paris.numericDate(p.birthDate)],
    ['Date du plan', paris.frenchDate(input.finalizedAt)],
    ['Pharmacie', input.pharmacy.displayName],
  ];
  if (input.pharmacy.address) rows.push(['Adresse', input.pharmacy.address]);
  if (input.pharmacy.phone) rows.push(['Téléphone', input.pharmacy.phone]);
  return {
    table: { widths: [120, '*'], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}

/**
 * One of the plan's copies (D33) as a pdfmake document: the patient's (the priorities with their
 * actions, goal, obstacles and follow-up, the useful numbers, the patient's choices, a short
 * « Sources » annex; a sensitive point only when the pharmacist included it; never the notes) or
 * the doctor's (the same with every priority, the pharmacist's notes and every finding of the
 * report with why and source).
 */
export function pppDocDefinition(input: PppInput): TDocumentDefinitions {
  const byKey = new Map(input.topics.map((t) => [t.key, t]));
  const actionById = new Map(input.actions.map((a) => [a.id, a]));
  const forPatient = input.copy === 'patient';
  const priorities = input.plan.priorities.filter((p) => {
    const topic = byKey.get(p.topic);
    return topic && (!forPatient || !topic.sensitive || p.onPatientCopy);
  });
  const used = new Map<string, PlanAction>();
  const content: Content[] = [
    { text: 'Plan personnalisé de prévention', style: 'title' },
    {
      text: forPatient
        ? 'Mon bilan prévention · copie remise au patient'
        : 'Mon bilan prévention · copie pour le médecin traitant',
      style: 'subtitle',
    },
    header(input),
    { text: forPatient ? 'Mes priorités' : 'Priorités retenues avec le patient', style: 'h2' },
  ];
  if (priorities.length === 0) content.push({ text: 'Aucune priorité sur cette copie.', italics: true });
  priorities.forEach((p, i) => {
    const topic = byKey.get(p.topic) as PlanTopic;
    const actions = p.actions.map((id) => actionById.get(id)).filter((a): a is PlanAction => a !== undefined);
    for (const a of actions) used.set(a.id, a);
    const block: Content[] = [{ text: `${i + 1}. ${topic.title}`, style: 'h3' }];
    if (actions.length > 0)
      block.push(
        { text: 'Ce que nous avons convenu', bold: true },
        { ul: actions.map((a) => a.label), margin: [0, 2, 0, 4] },
      );
    if (p.goal) block.push({ text: 'Mon objectif', bold: true }, { text: p.goal, margin: [12, 0, 0, 4] });
    if (p.obstacles)
      block.push({ text: 'Ce qui pourrait me freiner', bold: true }, { text: p.obstacles, margin: [12, 0, 0, 4] });
    if (p.followUp) block.push({ text: `Date de suivi\u00a0: ${paris.frenchDate(p.followUp)}`, bold: true });
    content.push({ stack: block, unbreakable: true, margin: [0, 0, 0, 8] });
  });
  content.push(usefulNumbers(input));
  const choices = [
    ['Copie remise au patient', input.plan.choices.copyHandedOver],
    ['Transmission au médecin traitant acceptée', input.plan.choices.doctorTransmission],
    ['Dépôt dans Mon espace santé accepté', input.plan.choices.mesDeposit],
  ] as const;
  content.push(
    { text: 'Choix du patient', style: 'h2' },
    { ul: choices.map(([label, day]) => (day ? `${label} le ${paris.frenchDate(day)}` : `${label}\u00a0: non`)) },
  );
  if (!forPatient) {
    if (input.plan.notes) content.push({ text: 'Notes du pharmacien', style: 'h2' }, { text: input.plan.notes });
    content.push({ text: 'Tous les points du bilan', style: 'h2' });
    for (const topic of input.topics) {
      if (!topic.finding) continue;
      const f = topic.finding;
      content.push({
        unbreakable: true,
        margin: [0, 0, 0, 6],
        stack: [
          { text: `${LEVEL_LABELS[f.level]} · ${f.title}`, bold: true },
          { text: reasonsLine(input.definition, f.reasons), style: 'small' },
          { text: sourceLine(f.source), style: 'small' },
        ],
      });
    }
  }
  if (used.size > 0)
    content.push(
      { text: 'Sources', style: 'h2' },
      {
        ul: [...used.values()].map((a) => `${a.source.body}, ${a.source.document} (${a.source.date})`),
        style: 'small',
      },
    );
  content.push({
    text: `Plan établi avec votre pharmacien, version ${input.version} du ${paris.numericDateTime(input.finalizedAt)}.`,
    style: 'small',
    margin: [0, 12, 0, 0],
  });
  return baseDocument(COPY_TITLE[input.copy], content);
}
