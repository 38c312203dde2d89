import { computeBmi, fieldsOf, isItemVisible, type Answers, type Definition } from '@bilan/engine';

/** One question as printed: its French label and the answer (null when blank). */
export interface AnswerLine {
  key: string;
  label: string;
  /** One string, or the labels of the ticked boxes of a checkbox group. */
  answer: string | string[] | null;
}

export interface PageLines {
  section: string;
  title: string;
  lines: AnswerLine[];
  /** Body-mass index, on the page that asks height and weight. */
  bmi: number | null;
}

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** The answer of one question as the PDFs print it. */
function answerOf(value: unknown, unit: string | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  return String(value);
}

/** Where a definition asks height and weight (its first BMI flag), if it does. */
export function bmiFields(definition: Definition): { height: string; weight: string; section: string } | null {
  for (const page of definition.pages) {
    const flag = page.computed?.find((c) => c.kind === 'bmiFlag');
    if (flag && flag.kind === 'bmiFlag') return { height: flag.height, weight: flag.weight, section: page.section };
  }
  return null;
}

/** The patient's body-mass index, or null when height or weight is blank. */
export function bmiOf(definition: Definition, answers: Answers): number | null {
  const where = bmiFields(definition);
  if (!where) return null;
  const fields = fieldsOf(definition);
  const read = (key: string) => {
    const section = fields.get(key)?.section;
    return section ? answers[section]?.[key] : undefined;
  };
  return computeBmi(read(where.height), read(where.weight));
}

/**
 * Every page and every visible question with its answer, in definition order. Hidden questions do
 * not apply to this patient and are left out; notices are display only.
 */
export function answerLines(definition: Definition, answers: Answers): PageLines[] {
  const bmiAt = bmiFields(definition);
  return definition.pages.map((page) => {
    const section = answers[page.section] ?? {};
    const lines: AnswerLine[] = [];
    for (const item of page.items) {
      if (item.kind === 'notice' || !isItemVisible(item, answers, definition)) continue;
      if (item.kind === 'checkboxes') {
        const ticked = item.boxes.filter((b) => section[b.key] === true).map((b) => b.label);
        lines.push({ key: item.key, label: item.label, answer: ticked.length > 0 ? ticked : null });
      } else {
        lines.push({ key: item.key, label: item.label, answer: answerOf(section[item.key], item.kind === 'number' ? item.unit : undefined) });
      }
    }
    return { section: page.section, title: page.title, lines, bmi: bmiAt?.section === page.section ? bmiOf(definition, answers) : null };
  });
}
