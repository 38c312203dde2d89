import { isItemVisible } from '@bilan/engine';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { bmiOf, formatNumber } from './answerLines';
import { baseDocument, identityTable } from './layout';
import type { PdfInput } from './types';

/** WHO categories for adults. */
export function bmiCategory(bmi: number): string {
  if (bmi < 18.5) return 'Insuffisance pondérale';
  if (bmi < 25) return 'Corpulence normale';
  if (bmi < 30) return 'Surpoids';
  return 'Obésité';
}

/** Answers that call for attention: raised BMI flags and the notices the answers made visible. */
function attentionPoints(input: PdfInput): string[] {
  const points: string[] = [];
  for (const page of input.definition.pages) {
    const section = input.answers[page.section] ?? {};
    for (const c of page.computed ?? []) {
      if (c.kind === 'bmiFlag' && section[c.key] === true) points.push(c.label);
    }
    for (const item of page.items) {
      if (item.kind === 'notice' && item.visibleWhen && isItemVisible(item, input.answers, input.definition)) points.push(item.text);
    }
  }
  return points;
}

/**
 * Bilan.pdf, first version: identity, body-mass index with its category, the answers that call
 * for attention and room for the pharmacist's notes. The assessment-report work completes it.
 */
export function buildBilanDocDefinition(input: PdfInput): TDocumentDefinitions {
  const bmi = bmiOf(input.definition, input.answers);
  const points = attentionPoints(input);
  const content: Content[] = [
    { text: 'Bilan de prévention', style: 'title' },
    { text: input.definition.title, style: 'subtitle' },
    identityTable(input),
    { text: 'Corpulence', style: 'h2' },
    bmi === null
      ? { text: 'IMC non évaluable : taille ou poids non renseigné.', style: 'blank' }
      : { text: `IMC : ${formatNumber(Math.round(bmi * 10) / 10)} kg/m² (${bmiCategory(bmi)})` },
    { text: 'Points d’attention', style: 'h2' },
    points.length > 0 ? { ul: points } : { text: 'Aucun point d’attention relevé dans les réponses.', style: 'blank' },
    { text: 'Notes du pharmacien', style: 'h2' },
    {
      table: { widths: ['*'], heights: [140], body: [[' ']] },
      layout: { hLineColor: () => '#999999', vLineColor: () => '#999999' },
    },
    {
      text: 'Ce bilan est indicatif : il ne remplace pas l’avis d’un professionnel de santé et ne constitue pas un dispositif médical.',
      style: 'small',
      margin: [0, 12, 0, 0],
    },
  ];
  return baseDocument('Bilan', content);
}
