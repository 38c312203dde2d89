import type { PlanTopic } from './planTopics';

/** One priority retained with the patient (D33). */
export interface PlanPriority {
  /** The topic's key (planTopics): `finding:<id>` or `due:<id>`. */
  topic: string;
  /** Action ids of the library that apply to the topic. */
  actions: string[];
  /** « Mon objectif », in the patient's words. */
  goal: string;
  /** « Ce qui pourrait me freiner ». */
  obstacles: string;
  /** « Date de suivi », YYYY-MM-DD (Paris), or null. */
  followUp: string | null;
  /** « Inclure sur la copie du patient »: read for a sensitive topic only, which is left out otherwise. */
  onPatientCopy: boolean;
}

/** The patient's choices about the plan, each with the day it was made (YYYY-MM-DD), or null. */
export interface PlanChoices {
  copyHandedOver: string | null;
  doctorTransmission: string | null;
  mesDeposit: string | null;
}

/** The plan as typed at the counter: what the api stores and the PPP copies print. */
export interface PlanContent {
  priorities: PlanPriority[];
  /** « Notes du pharmacien »: never on the patient's copy. */
  notes: string;
  choices: PlanChoices;
}

export const EMPTY_PLAN: PlanContent = {
  priorities: [],
  notes: '',
  choices: { copyHandedOver: null, doctorTransmission: null, mesDeposit: null },
};

/** The plan's limits: three priorities (the programme's « une à trois »), short texts a copy can print. */
export const PLAN_LIMITS = { priorities: 3, actions: 12, goal: 500, obstacles: 500, notes: 2000 } as const;

/** A follow-up date further than this many days is a typing mistake (the programme follows up within months). */
const FOLLOW_UP_DAYS = 731;

export interface PlanProblem {
  code:
    | 'too_many_priorities'
    | 'unknown_topic'
    | 'duplicate_topic'
    | 'unknown_action'
    | 'too_long'
    | 'follow_up_past'
    | 'follow_up_too_far'
    | 'invalid_date'
    | 'no_priority';
  /** In French, for the pharmacist. */
  message: string;
  /** The priority's position (0-based) when the problem is one priority's. */
  priority?: number;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, as a count of days (UTC midnight), or null. */
function dayNumber(day: string): number | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(at).toISOString().slice(0, 10) === day ? at / 86_400_000 : null;
}

const quoted = (text: string) => `«\u00a0${text}\u00a0»`;

/**
 * What is wrong with a plan for a form whose topics are `topics`, on the Paris day `today`
 * (YYYY-MM-DD): every problem, each with a French message; none when it can be stored.
 * `finalizing` also asks for one priority at least.
 */
export function planProblems(
  plan: PlanContent,
  topics: readonly PlanTopic[],
  today: string,
  finalizing = false,
): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const byKey = new Map(topics.map((t) => [t.key, t]));
  if (plan.priorities.length > PLAN_LIMITS.priorities)
    problems.push({
      code: 'too_many_priorities',
      message: `Retenez trois priorités au plus avec le patient (${plan.priorities.length} choisies).`,
    });
  if (finalizing && plan.priorities.length === 0)
    problems.push({
      code: 'no_priority',
      message: 'Choisissez au moins une priorité avec le patient avant de finaliser le plan.',
    });
  const seen = new Set<string>();
  const todayNumber = dayNumber(today) ?? 0;
  plan.priorities.forEach((p, i) => {
    const topic = byKey.get(p.topic);
    if (!topic) {
      problems.push({
        code: 'unknown_topic',
        priority: i,
        message: `La priorité n°\u00a0${i + 1} ne correspond à aucun point du bilan de ce patient.`,
      });
      return;
    }
    const name = quoted(topic.title);
    if (seen.has(p.topic))
      problems.push({ code: 'duplicate_topic', priority: i, message: `La priorité ${name} est choisie deux fois.` });
    seen.add(p.topic);
    const known = new Set(topic.actions.map((a) => a.id));
    for (const action of p.actions)
      if (!known.has(action))
        problems.push({
          code: 'unknown_action',
          priority: i,
          message: `L’action ${quoted(action.slice(0, 60))} n’existe pas pour la priorité ${name}.`,
        });
    if (p.actions.length > PLAN_LIMITS.actions)
      problems.push({
        code: 'too_long',
        priority: i,
        message: `Douze actions au plus pour la priorité ${name}.`,
      });
    for (const [field, label] of [
      ['goal', 'Mon objectif'],
      ['obstacles', 'Ce qui pourrait me freiner'],
    ] as const)
      if (p[field].length > PLAN_LIMITS[field])
        problems.push({
          code: 'too_long',
          priority: i,
          message: `${quoted(label)} de la priorité ${name} dépasse ${PLAN_LIMITS[field]}\u00a0caractères (${p[field].length}).`,
        });
    if (p.followUp !== null) {
      const day = dayNumber(p.followUp);
      if (day === null)
        problems.push({
          code: 'invalid_date',
          priority: i,
          message: `La date de suivi de la priorité ${name} n’est pas une date (jour/mois/année).`,
        });
      else if (day < todayNumber)
        problems.push({
          code: 'follow_up_past',
          priority: i,
          message: `La date de suivi de la priorité ${name} est passée\u00a0: choisissez aujourd’hui ou une date à venir.`,
        });
      else if (day > todayNumber + FOLLOW_UP_DAYS)
        problems.push({
          code: 'follow_up_too_far',
          priority: i,
          message: `La date de suivi de la priorité ${name} est à plus de deux ans\u00a0: vérifiez l’année.`,
        });
    }
  });
  if (plan.notes.length > PLAN_LIMITS.notes)
    problems.push({
      code: 'too_long',
      message: `${quoted('Notes du pharmacien')} dépasse ${PLAN_LIMITS.notes}\u00a0caractères (${plan.notes.length}).`,
    });
  for (const [key, label] of [
    ['copyHandedOver', 'Copie remise au patient'],
    ['doctorTransmission', 'Transmission au médecin traitant acceptée'],
    ['mesDeposit', 'Dépôt dans Mon espace santé accepté'],
  ] as const) {
    const value = plan.choices[key];
    if (value === null) continue;
    const day = dayNumber(value);
    if (day === null || day > todayNumber)
      problems.push({
        code: 'invalid_date',
        message: `La date de ${quoted(label)} doit être aujourd’hui ou un jour passé.`,
      });
  }
  return problems;
}
