import { bmiFieldsOf, bmiOf } from '../bmi';
import { applyVisibility, itemVisibility } from '../visibility';
import type { FilledRecord } from './filledRecord';
import { formatAnswer, groupAnswer } from './formatAnswer';
import { formatNumber } from './formatNumber';

/** One question as people read it: its text and the answer given. */
export interface RecordLine {
  /** The question's key (a checkbox group's key for a group). */
  key: string;
  /** The question text. */
  label: string;
  /** The formatted answer, or a checkbox group's ticked box labels; null when blank. */
  answer: string | string[] | null;
}

/** The body-mass index, printed on the page that asks height and weight. */
export interface BmiLine {
  label: string;
  /** The BMI (see bmiOf); null when height or weight is blank or unusable. */
  value: number | null;
  /** "22,5 kg/m²" (one decimal), or null with the value. */
  answer: string | null;
}

export interface RecordPage {
  section: string;
  route: string;
  title: string;
  lines: RecordLine[];
  /** Set on the page that asks height and weight, null on the others. */
  bmi: BmiLine | null;
}

export const BMI_LABEL = 'Indice de masse corporelle (IMC)';

/**
 * Every page of a record and every question that applies to these answers, in definition
 * order, with its text and formatted answer: what Questionnaire.pdf, the export, the patient's
 * review page and the pharmacist's dashboard show. Questions hidden by a condition do not apply
 * and are left out; notices are display only.
 */
export function recordPages(record: FilledRecord): RecordPage[] {
  const { definition } = record;
  const answers = applyVisibility(definition, record.answers).answers;
  const visible = itemVisibility(definition, answers);
  const bmiSection = bmiFieldsOf(definition)?.section;
  const bmi = bmiOf(definition, answers);
  return definition.pages.map((page) => {
    const section = answers[page.section] ?? {};
    const lines: RecordLine[] = [];
    for (const item of page.items) {
      if (item.kind === 'notice' || !visible(item)) continue;
      if (item.kind === 'checkboxes') {
        const ticked = groupAnswer(definition, item.key, answers);
        lines.push({ key: item.key, label: item.label, answer: ticked.length > 0 ? ticked : null });
      } else {
        lines.push({ key: item.key, label: item.label, answer: formatAnswer(definition, item.key, section[item.key]) });
      }
    }
    const bmiLine: BmiLine | null =
      page.section === bmiSection ? { label: BMI_LABEL, value: bmi, answer: bmi === null ? null : `${formatNumber(bmi, 1)} kg/m²` } : null;
    return { section: page.section, route: page.route, title: page.title, lines, bmi: bmiLine };
  });
}
