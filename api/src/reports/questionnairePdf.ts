import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { recordPages } from '@bilan/engine';
import { baseDocument, identityTable } from './layout';
import type { PdfInput } from './types';

export const NOT_ANSWERED = 'Non renseigné';

/**
 * Questionnaire.pdf: the pharmacy, the patient, the date, the definition version, then every
 * page with each question's label and the answer given ("Non renseigné" when blank, ticked boxes
 * listed), and the body-mass index on the page that asks height and weight.
 */
export function buildQuestionnaireDocDefinition(input: PdfInput): TDocumentDefinitions {
  const content: Content[] = [
    { text: 'Questionnaire de prévention', style: 'title' },
    { text: input.definition.title, style: 'subtitle' },
    identityTable(input),
  ];
  for (const page of recordPages(input)) {
    content.push({ text: page.title, style: 'h2' });
    for (const line of page.lines) {
      const answer: Content =
        line.answer === null
          ? { text: NOT_ANSWERED, style: 'blank' }
          : Array.isArray(line.answer)
            ? { ul: line.answer, style: 'answer' }
            : { text: line.answer, style: 'answer' };
      content.push({ stack: [{ text: line.label, style: 'label' }, answer], unbreakable: true });
    }
    if (page.bmi?.answer) {
      content.push({ stack: [{ text: page.bmi.label, style: 'label' }, { text: page.bmi.answer, style: 'answer' }], unbreakable: true });
    }
  }
  return baseDocument('Questionnaire', content);
}
