// Issue 16: a sentence of the report names a condition (dénutrition, obésité, dépression, trouble
// anxieux, addiction and the like) only when it is a finding about this patient: when the rule or
// due item that prints it holds because of an answer or a measure that shows that condition. Test
// support, shared by the engine's, the fixtures' and the api's wording tests.
import type { Condition, Definition } from '../definition';
import { catalogueOf } from '../record/catalogue';

export interface ConditionWord {
  name: string;
  /** How a text names it. Screenings ("dépistage du cancer…") name no condition of the patient. */
  pattern: RegExp;
  /** Facts that show it: a rule reading them (outside a `not`) may name it. */
  facts: readonly string[];
  /** Questions or boxes that show it, by their label: a rule reading one may name it. */
  labels?: RegExp;
}

export const CONDITION_WORDS: readonly ConditionWord[] = [
  { name: 'dénutrition', pattern: /dénutri/iu, facts: ['$bmi'] },
  { name: 'obésité', pattern: /obès|obésit/iu, facts: ['$bmi'] },
  { name: 'surpoids', pattern: /surpoids/iu, facts: ['$bmi'] },
  { name: 'insuffisance pondérale', pattern: /insuffisance pondérale|maigreur/iu, facts: ['$bmi'] },
  { name: 'dépression', pattern: /dépressi/iu, facts: ['$phq2'], labels: /dépression/iu },
  { name: 'trouble anxieux', pattern: /anxi/iu, facts: ['$gad2'], labels: /anxiété/iu },
  { name: 'addiction', pattern: /addict|(?<![\p{L}])dépendan|alcoolism|toxicoman/iu, facts: [] },
  { name: 'diabète', pattern: /diabèt|diabét/iu, facts: [], labels: /diabète/iu },
  {
    name: 'maladie respiratoire',
    pattern: /maladie respiratoire|respiratoire chronique|insuffisance respiratoire|asthm|bpco|bronchite chronique/iu,
    facts: [],
    labels: /respiratoire/iu,
  },
  {
    name: 'maladie du cœur',
    pattern: /cardiaque|cardio|maladie du cœur|insuffisance cardiaque/iu,
    facts: [],
    labels: /cœur/iu,
  },
  { name: 'immunodépression', pattern: /immunod|défenses immunitaires/iu, facts: [], labels: /cancer|inflammatoire/iu },
  { name: 'apnée du sommeil', pattern: /apnée/iu, facts: [], labels: /apnée/iu },
  { name: 'insomnie', pattern: /insomni/iu, facts: [] },
];

/** « dépister tôt la BPCO »: what a screening looks for is no condition of the patient. */
const SCREENED_FOR = /dépist\p{L}*(?:\s+\p{L}+){0,2}\s+(?:la|le|les|une?|d’une?|de\s+la|du|des)\s+$/iu;

/** The conditions a text names (a screening's object excepted). */
export function conditionWordsIn(text: string): ConditionWord[] {
  return CONDITION_WORDS.filter((word) => {
    const global = new RegExp(word.pattern.source, `${word.pattern.flags.replace('g', '')}g`);
    return [...text.matchAll(global)].some((match) => !SCREENED_FOR.test(text.slice(0, match.index)));
  });
}

/** The fields and facts a condition reads outside any `not`: what can make it a finding. */
export function positiveFields(condition: Condition | undefined): string[] {
  if (!condition) return [];
  switch (condition.type) {
    case 'all':
    case 'any':
      return condition.conditions.flatMap(positiveFields);
    case 'not':
      return [];
    default:
      return [condition.field];
  }
}

/**
 * The conditions a text names without the answer or measure that shows them: `when` is what must
 * hold for the text to print (a rule's condition, a due item's appliesWhen), or undefined for a
 * fixed sentence of the report, which may name none.
 */
export function unfoundedConditionWords(definition: Definition, text: string, when?: Condition): string[] {
  const fields = positiveFields(when);
  const catalogue = catalogueOf(definition);
  const shows = (word: ConditionWord, field: string): boolean => {
    if (word.facts.includes(field)) return true;
    const entry = catalogue.fields.get(field);
    return (
      word.labels !== undefined &&
      entry !== undefined &&
      (word.labels.test(entry.label) || word.labels.test(entry.question))
    );
  };
  return conditionWordsIn(text)
    .filter((word) => !fields.some((field) => shows(word, field)))
    .map((word) => word.name);
}
