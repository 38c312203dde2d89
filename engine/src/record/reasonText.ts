import { roundBmi } from '../bmi';
import type { Definition } from '../definition';
import type { Reason } from '../assessment/assessmentTypes';
import { catalogueOf } from './catalogue';
import { formatAnswer } from './formatAnswer';
import { formatNumber } from './formatNumber';

const SEX_WORDS: Readonly<Record<string, string>> = {
  femme: 'vous êtes une femme',
  homme: 'vous êtes un homme',
  autre: 'sexe indiqué\u00a0: autre',
};

function factText(field: string, value: unknown): string | null {
  if (typeof value === 'number') {
    switch (field) {
      case '$age':
        return `vous avez ${value}\u00a0ans`;
      case '$bmi':
        return `votre IMC est de ${formatNumber(roundBmi(value), 1)}\u00a0kg/m²`;
      case '$phq2':
        return `score PHQ-2 de ${value} sur 6`;
      case '$gad2':
        return `score GAD-2 de ${value} sur 6`;
    }
  }
  if (field === '$sex' && typeof value === 'string') return SEX_WORDS[value] ?? null;
  return null;
}

/**
 * One reason of a finding or of a due item (issue 16: every finding says why it appears) as a
 * person reads it, in the patient's own answers: "vous avez 66 ans", "votre IMC est de 41,2
 * kg/m²", "vous avez coché « Diabète »", "vous avez répondu « Non » à « Vos vaccins sont-ils à
 * jour ? »". Labels come from the catalogue, values through formatAnswer, as everywhere else.
 */
export function reasonText(definition: Definition, reason: Reason): string {
  const { field, value } = reason;
  if (field.startsWith('$')) return factText(field, value) ?? `${field.slice(1)}\u00a0: ${String(value)}`;
  const entry = catalogueOf(definition).fields.get(field);
  if (entry?.kind === 'box') return `vous avez coché «\u00a0${entry.label}\u00a0»`;
  const answer = formatAnswer(definition, field, value) ?? String(value);
  return entry
    ? `vous avez répondu «\u00a0${answer}\u00a0» à «\u00a0${entry.question}\u00a0»`
    : `${field}\u00a0: ${answer}`;
}

/** All the reasons of a finding or due item on one line: "Pourquoi : vous avez 66 ans ; …". */
export function reasonsLine(definition: Definition, reasons: readonly Reason[]): string {
  return `Pourquoi\u00a0: ${reasons.map((reason) => reasonText(definition, reason)).join('\u00a0; ')}.`;
}
