// JSON schemas of the dashboard's routes, in the spec's field names (docs/product.md §3).
import {
  allRequired,
  dateText,
  integerSchema,
  list,
  nullableString,
  nullableText,
  patientNames,
  prose,
  stringList,
  stringSchema,
  text,
} from '../schemas';

/** « Urgent » (urgent), « À voir » (review), or null when nothing is flagged (D32). */
const triageLevel = { type: ['string', 'null'], enum: ['urgent', 'review', null] } as const;

/** A form record of the dashboard, in the spec's field names (docs/product.md §3), with its triage and status. */
const formRecord = allRequired({
  id: integerSchema,
  _id: text(64),
  ...patientNames,
  date_formulaire: dateText,
  ageGroup: stringSchema,
  priorityCount: { ...integerSchema, description: 'Nombre de points prioritaires du bilan (comme dans Bilan.pdf)' },
  priorities: {
    ...stringList,
    description: 'Les points signalés du bilan, en mots, les urgents d’abord',
  },
  triage: { ...triageLevel, description: 'Le niveau du questionnaire (D32)\u00a0: urgent, à voir, ou null' },
  flags: list(allRequired({ title: prose, level: { type: 'string', enum: ['urgent', 'review'] } }), 100),
  bilanDoneAt: {
    ...nullableText(32),
    description: 'Date à laquelle le pharmacien a réalisé le bilan, null tant qu’il est «\u00a0Reçu\u00a0»',
  },
});

export const listSchema = allRequired({
  records: list(formRecord, 50),
  counts: allRequired({
    today: { ...integerSchema, type: ['integer', 'null'] },
    month: integerSchema,
    urgent: {
      ...integerSchema,
      description: 'Questionnaires «\u00a0Urgent\u00a0» du mois dont le bilan n’est pas réalisé',
    },
    review: {
      ...integerSchema,
      description: 'Questionnaires «\u00a0À voir\u00a0» du mois dont le bilan n’est pas réalisé',
    },
    priority: integerSchema,
    done: integerSchema,
  }),
  month: text(7),
  scope: { type: 'string', enum: ['month', 'all'] },
  page: integerSchema,
  pageSize: integerSchema,
  total: integerSchema,
});

const lineSchema = allRequired({ label: prose, answer: prose });
export const formView = allRequired({
  id: integerSchema,
  civilite: stringSchema,
  ...patientNames,
  /** Null when the patient gave no address (D30). */
  email: nullableText(254),
  ageGroup: stringSchema,
  date_formulaire: dateText,
  bilanDoneAt: nullableText(32),
  priorities: stringList,
  triage: triageLevel,
  findings: list(
    allRequired({
      id: text(100),
      level: stringSchema,
      levelLabel: text(100),
      triage: triageLevel,
      title: prose,
      advice: prose,
      why: prose,
      source: prose,
      guidance: {
        ...nullableString,
        description: 'Ce que fait le pharmacien au comptoir (idées suicidaires…)\u00a0; jamais imprimé sur Bilan.pdf',
      },
      guidancePhones: list(text(20), 10),
      guidanceSource: nullableString,
    }),
    500,
  ),
  due: list(
    allRequired({ id: text(100), title: prose, status: text(100), schedule: prose, why: prose, source: prose }),
    500,
  ),
  upcoming: {
    ...nullableString,
    description: 'Ce qui devient recommandé au prochain anniversaire («\u00a0À 65 ans…\u00a0»), null sinon',
  },
  pages: list(
    allRequired({
      title: prose,
      bmi: nullableText(100),
      parts: list(allRequired({ heading: nullableString, lines: list(lineSchema, 1000) }), 200),
    }),
    200,
  ),
});

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;

/** The pharmacy's address and phone as the plan's copies print them ('' when not given). */
export const contactSchema = allRequired({
  address: { ...text(300), description: 'Adresse postale, sur une ligne' },
  phone: { ...text(40), description: 'Téléphone (chiffres, espaces, points et +)' },
  department: {
    ...text(3),
    description:
      'Département («\u00a075\u00a0», «\u00a02A\u00a0», «\u00a0971\u00a0»)\u00a0: fixe le montant de l’acte (D44)\u00a0; vide tant qu’il n’est pas indiqué',
  },
});

/** What the settings page sends: the department may be left out (it is then unchanged). */
export const contactBody = {
  type: 'object',
  required: ['address', 'phone'],
  additionalProperties: false,
  properties: {
    address: text(300),
    phone: text(40),
    department: text(3),
  },
} as const;

/** The dashboard's list: a month or all, a search, a sort and a page. */
export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 100 },
    month: { type: 'string', maxLength: 7, pattern: '^((20\\d{2}|2100)-(0[1-9]|1[0-2])|all)?$' },
    page: {
      type: 'string',
      maxLength: 4,
      pattern: '^[1-9]\\d{0,3}$',
      description: 'Page (1 à 9999), 50 questionnaires par page',
    },
    sort: { type: 'string', enum: ['priority', 'date', 'name'] },
  },
} as const;
