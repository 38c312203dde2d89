import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { NOT_ANSWERED, recordPages, type RecordLine } from '@bilan/engine';
import { baseDocument, identityTable } from './layout';
import type { PdfInput } from './types';

function lineBlock(line: RecordLine): Content {
  const answer: Content =
    line.answer === null
      ? { text: NOT_ANSWERED, style: 'blank' }
      : Array.isArray(line.answer)
        ? { ul: line.answer, style: 'answer' }
        : { text: line.answer, style: 'answer' };
  return { stack: [{ text: line.label, style: 'label' }, answer], unbreakable: true };
}

/**
 * Questionnaire.pdf: the pharmacy, the patient, the date, the definition version, then every
 * page with its headings, each question's label and the answer given ("Non renseigné" when
 * blank, ticked boxes listed), and the body-mass index on the page that asks height and weight
 * ("IMC non évaluable" with its reason when it cannot be computed, D24). Page titles are the
 * document's second level, the headings inside a page the third.
 */
export function buildQuestionnaireDocDefinition(input: PdfInput): TDocumentDefinitions {
  const content: Content[] = [
    { text: 'Questionnaire de prévention', style: 'title' },
    { text: input.definition.title, style: 'subtitle' },
    identityTable(input),
  ];
  for (const page of recordPages(input)) {
    content.push({ text: page.title, style: 'h2' });
    for (const part of page.parts) {
      // Kept with the question under it, so a heading never ends a PDF page alone.
      const [first, ...rest] = part.lines.map(lineBlock);
      if (part.heading !== null && first)
        content.push({ stack: [{ text: part.heading, style: 'h3' }, first], unbreakable: true });
      else if (first) content.push(first);
      content.push(...rest);
    }
    if (page.bmi) {
      const style = page.bmi.status === 'evaluated' ? 'answer' : 'blank';
      content.push({
        stack: [
          { text: page.bmi.label, style: 'label' },
          { text: page.bmi.answer, style },
        ],
        unbreakable: true,
      });
    }
  }
  return baseDocument('Questionnaire', content);
}
