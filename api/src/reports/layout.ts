import { LANGUAGE_NAMES, paris, type TextSegment } from '@bilan/engine';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PdfInput } from './types';

const styles = {
  title: { fontSize: 18, bold: true, color: '#00695c', margin: [0, 0, 0, 2] },
  subtitle: { fontSize: 12, color: '#333333', margin: [0, 0, 0, 10] },
  h2: { fontSize: 13, bold: true, color: '#00695c', margin: [0, 14, 0, 6] },
  h3: { fontSize: 11, bold: true, color: '#333333', margin: [0, 6, 0, 4] },
  label: { bold: true, margin: [0, 4, 0, 1] },
  answer: { margin: [12, 0, 0, 2] },
  blank: { italics: true, color: '#555555', margin: [12, 0, 0, 2] },
  small: { fontSize: 8, color: '#555555' },
} satisfies TDocumentDefinitions['styles'];

/** Identity block shared by both PDFs: who, where, when, which questionnaire version, and its language. */
export function identityTable(input: PdfInput): Content {
  const p = input.patient;
  const rows: [string, string][] = [
    ['Pharmacie', input.pharmacy?.displayName ?? 'Démonstration (sans pharmacie)'],
    ['Patient', p ? `${p.civility} ${p.firstName} ${p.lastName}`.trim() : 'Démonstration'],
  ];
  if (p) rows.push(['Date de naissance', paris.numericDate(p.birthDate)]);
  rows.push(
    ['Tranche d’âge', input.definition.band.label],
    ['Date', paris.numericDate(input.date)],
    ['Questionnaire', `${input.definition.id}, version ${input.definition.version}`],
  );
  // The patient read it in another language (D41); the answers are printed in French all the same.
  if (input.language && input.language !== 'fr')
    rows.push(['Langue', `Questionnaire rempli en ${LANGUAGE_NAMES[input.language]}`]);
  return {
    table: { widths: [120, '*'], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}

/**
 * A text with its phone numbers as `tel:` links (a notice's or a report rule's `phones`), for
 * pdfmake: "3114" is printed underlined and dials when tapped in a PDF reader.
 */
export function withPhoneLinks(segments: readonly TextSegment[]): Content[] {
  return segments.map((segment) =>
    segment.phone
      ? { text: segment.text, link: `tel:${segment.phone}`, color: '#00695c', decoration: 'underline' }
      : { text: segment.text },
  );
}

/** A4, margins, running header and page numbers. */
export function baseDocument(title: string, content: Content[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    info: { title, creator: 'Bilan Prévention', producer: 'Bilan Prévention' },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    styles,
    header: { text: `Bilan Prévention · ${title}`, style: 'small', alignment: 'right', margin: [48, 24, 48, 0] },
    footer: (currentPage: number, pageCount: number) => ({
      text: `Page ${currentPage} / ${pageCount}`,
      style: 'small',
      alignment: 'center',
      margin: [0, 20, 0, 0],
    }),
    content,
  };
}
