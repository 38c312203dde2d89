import { bmiEvaluationOf, bmiFieldsOf, roundBmi, type BmiStatus } from '../bmi';
import { bmiNotEvaluable } from '../assessment/reportLabels';
import type { ResolvedQuestion, SectionAnswers } from '../definition';
import { isQuestion, pageParts } from '../pageParts';
import { applyVisibility, settledVisibility } from '../visibility';
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

/** The questions of a page under one of its headings (null before the page's first heading). */
export interface RecordPart {
  heading: string | null;
  lines: RecordLine[];
}

/** The body-mass index, printed on the page that asks height and weight. */
export interface BmiLine {
  label: string;
  /** The BMI (see bmiEvaluationOf); null when it cannot be evaluated. */
  value: number | null;
  status: BmiStatus;
  /** "22,5 kg/m²" (one decimal), or "IMC non évaluable : taille ou poids à vérifier" (D24). */
  answer: string;
}

export interface RecordPage {
  section: string;
  route: string;
  title: string;
  /** Every question that applies, in definition order. */
  lines: RecordLine[];
  /** The same lines under the page's headings, as the questionnaire shows them. */
  parts: RecordPart[];
  /** Set on the page that asks height and weight, null on the others. */
  bmi: BmiLine | null;
}

export const BMI_LABEL = 'Indice de masse corporelle (IMC)';

/** What a question left blank reads as, on the review page as in Questionnaire.pdf. */
export const NOT_ANSWERED = 'Non renseigné';

/**
 * Every page of a record and every question that applies to these answers, in definition
 * order, with its text and formatted answer, grouped under the page's headings: what
 * Questionnaire.pdf, the export, the patient's review page and the pharmacist's dashboard show.
 * Questions hidden by a condition do not apply and are left out; notices are display only.
 */
export function recordPages(record: FilledRecord): RecordPage[] {
  const { definition } = record;
  const answers = applyVisibility(definition, record.answers).answers;
  const visible = settledVisibility(definition, answers);
  const bmiSection = bmiFieldsOf(definition)?.section;
  const bmi = bmiEvaluationOf(definition, answers);
  const lineOf = (question: ResolvedQuestion, section: SectionAnswers): RecordLine => {
    if (question.kind === 'checkboxes') {
      const ticked = groupAnswer(definition, question.key, answers);
      return { key: question.key, label: question.label, answer: ticked.length > 0 ? ticked : null };
    }
    return {
      key: question.key,
      label: question.label,
      answer: formatAnswer(definition, question.key, section[question.key]),
    };
  };
  return definition.pages.map((page) => {
    const section = answers[page.section] ?? {};
    const parts: RecordPart[] = pageParts(page, visible)
      .map((part) => ({
        heading: part.heading?.text ?? null,
        lines: part.items.filter(isQuestion).map((q) => lineOf(q, section)),
      }))
      .filter((part) => part.lines.length > 0);
    const bmiLine: BmiLine | null =
      page.section === bmiSection && bmi
        ? {
            label: BMI_LABEL,
            value: bmi.value,
            status: bmi.status,
            answer:
              bmi.status === 'evaluated'
                ? `${formatNumber(roundBmi(bmi.value), 1)}\u00a0kg/m²`
                : bmiNotEvaluable(bmi.status),
          }
        : null;
    return {
      section: page.section,
      route: page.route,
      title: page.title,
      lines: parts.flatMap((p) => p.lines),
      parts,
      bmi: bmiLine,
    };
  });
}
