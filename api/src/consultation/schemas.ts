// JSON schemas of the consultation's routes (D33). Texts are bounded here with room (a body's size
// is bounded); the plan's own limits (three priorities, 500 characters…) are the engine's
// planProblems, which says in French what is wrong.
import { allRequired, integerSchema, list, nullableText, prose, stringSchema, text } from '../schemas';

const dayOrNull = { ...nullableText(10), description: 'Jour (AAAA-MM-JJ, heure de Paris) ou null' };

const priority = {
  ...allRequired({
    topic: {
      ...text(120),
      description: 'Le point du bilan\u00a0: «\u00a0finding:<id>\u00a0» ou «\u00a0due:<id>\u00a0»',
    },
    actions: list(text(64), 50),
    goal: { ...text(20000), description: 'Mon objectif (500 caractères au plus)' },
    obstacles: { ...text(20000), description: 'Ce qui pourrait me freiner (500 caractères au plus)' },
    followUp: dayOrNull,
    onPatientCopy: { type: 'boolean', description: 'Inclure sur la copie du patient (points sensibles)' },
  }),
  additionalProperties: false,
} as const;

const planContent = {
  ...allRequired({
    priorities: list(priority, 10),
    notes: {
      ...text(20000),
      description: 'Notes du pharmacien (2 000 caractères au plus), jamais sur la copie du patient',
    },
    choices: {
      ...allRequired({ copyHandedOver: dayOrNull, doctorTransmission: dayOrNull, mesDeposit: dayOrNull }),
      additionalProperties: false,
    },
  }),
  additionalProperties: false,
} as const;

export const saveBody = {
  ...allRequired({ revision: integerSchema, content: planContent }),
  additionalProperties: false,
} as const;

export const finalizeBody = { ...allRequired({ revision: integerSchema }), additionalProperties: false } as const;

const topic = allRequired({
  key: text(120),
  kind: { type: 'string', enum: ['finding', 'due'] },
  title: prose,
  sensitive: { type: 'boolean' },
  triage: { type: ['string', 'null'], enum: ['urgent', 'review', null] },
  levelLabel: text(100),
  advice: prose,
  why: prose,
  source: prose,
  guidance: nullableText(4000),
  guidancePhones: list(text(20), 10),
  actions: list(allRequired({ id: text(64), label: prose }), 100),
});

export const planView = allRequired({
  id: integerSchema,
  civilite: stringSchema,
  nom: text(100),
  prenom: text(100),
  date_naissance: text(10),
  ageGroup: stringSchema,
  date_formulaire: text(32),
  revision: integerSchema,
  updatedAt: nullableText(32),
  content: planContent,
  versions: list(allRequired({ version: integerSchema, finalizedAt: text(32) }), 1000),
  today: text(10),
  topics: list(topic, 500),
});
