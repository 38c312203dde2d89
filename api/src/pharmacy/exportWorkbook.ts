import { PassThrough } from 'node:stream';
import { catalogueOf, formatAnswer, type AnswerValue, type Answers, type CatalogueEntry, type Definition } from '@bilan/engine';
import { definitions, findDefinition } from '../questionnaire/definitions';
import type { ExportRow } from './repository';
import { parisMonth } from './parisDate';
import { spreadsheetCell } from './spreadsheetCell';

const IDENTITY_COLUMNS = [
  'Civilité',
  'Nom',
  'Prénom',
  'Date de naissance',
  'E-mail',
  'Date du formulaire',
  'Questionnaire (version)',
  'À voir en priorité',
  'Bilan réalisé le',
];

/** The sheet that counts, month by month (Paris), the forms received and the bilans done (the acts billed). */
const MONTHS_SHEET = 'Bilans par mois';

interface Column {
  /** section + field: a key is unique within a definition, but two versions may move it. */
  section: string;
  key: string;
  header: string;
}

/** A column's heading from the catalogue: a box is "Question — Case", a number names its unit. */
function headerOf(entry: CatalogueEntry): string {
  if (entry.kind === 'box') return `${entry.question} — ${entry.label}`;
  return entry.unit ? `${entry.label} (${entry.unit})` : entry.label;
}

/** One labelled column per stored field, in definition order. */
export function columnsOf(definition: Definition): Column[] {
  return [...catalogueOf(definition).fields.values()].map((entry) => ({ section: entry.section, key: entry.key, header: headerOf(entry) }));
}

/**
 * A cell as the pharmacist reads it (the record layer's formatAnswer), except numbers: they stay
 * numbers so that the spreadsheet can sort and compute, their unit is in the column's heading.
 */
function cell(definition: Definition, key: string, value: AnswerValue | undefined): string | number | null {
  return typeof value === 'number' ? value : formatAnswer(definition, key, value);
}

/** The titles of a form's stored priority findings on one line, or nothing when there are none. */
function prioritiesOf(flags: string | null): string | null {
  const titles = (JSON.parse(flags ?? '[]') as { title: string }[]).map((f) => f.title);
  return titles.length > 0 ? titles.join(' ; ') : null;
}

/** Forms received and bilans done per Paris month (YYYY-MM), oldest first. */
export function monthlyFigures(rows: readonly ExportRow[]): [string, { received: number; done: number }][] {
  const figures = new Map<string, { received: number; done: number }>();
  const of = (month: string) => {
    const found = figures.get(month);
    if (found) return found;
    const fresh = { received: 0, done: 0 };
    figures.set(month, fresh);
    return fresh;
  };
  for (const { form } of rows) {
    if (form.submittedAt) of(form.submittedMonth ?? parisMonth(new Date(form.submittedAt))).received += 1;
    if (form.bilanDoneAt) of(parisMonth(new Date(form.bilanDoneAt))).done += 1;
  }
  return [...figures].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Streams a pharmacy's submitted forms (pharmacyRepository.exportRows) as an .xlsx workbook: one
 * sheet per age band, one row per form. Each band's columns are those of its newest definition,
 * then the fields only older versions had, so that every answer has its column whatever version
 * it was given in. No text cell can run as a formula (spreadsheetCell).
 */
export async function exportWorkbook(rows: readonly ExportRow[]): Promise<{ stream: PassThrough; rows: number }> {
  // exceljs (about 23 MB) is loaded on the first export, not by every server at start.
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Bilan Prévention';

  const bands = [...new Map(definitions.map((d) => [d.band.code, d.band])).values()];
  for (const band of bands) {
    const versions = definitions.filter((d) => d.band.code === band.code).reverse();
    const columns: Column[] = [];
    const seen = new Set<string>();
    for (const def of versions) {
      for (const c of columnsOf(def)) {
        if (seen.has(`${c.section}.${c.key}`)) continue;
        seen.add(`${c.section}.${c.key}`);
        columns.push(c);
      }
    }
    const sheet = workbook.addWorksheet(band.label);
    const header = sheet.addRow([...IDENTITY_COLUMNS, ...columns.map((c) => c.header)].map(spreadsheetCell));
    header.font = { bold: true };
    header.commit();
    for (const { patient, form } of rows) {
      const def = findDefinition(form.definitionId, form.definitionVersion);
      if (!def || def.band.code !== band.code) continue;
      const answers = JSON.parse(form.answers) as Answers;
      sheet
        .addRow([
          patient.civility,
          patient.lastName,
          patient.firstName,
          patient.birthDate,
          patient.email,
          form.submittedAt,
          `${def.id}@${def.version}`,
          form.bilanDoneAt ? null : prioritiesOf(form.priorityFlags),
          form.bilanDoneAt,
          ...columns.map((c) => cell(def, c.key, answers[c.section]?.[c.key])),
        ].map(spreadsheetCell))
        .commit();
    }
    sheet.commit();
  }
  const months = workbook.addWorksheet(MONTHS_SHEET);
  const head = months.addRow(['Mois', 'Questionnaires reçus', 'Bilans réalisés']);
  head.font = { bold: true };
  head.commit();
  for (const [month, figures] of monthlyFigures(rows)) months.addRow([month, figures.received, figures.done]).commit();
  months.commit();
  workbook.commit().catch((err: unknown) => stream.destroy(err as Error));
  return { stream, rows: rows.length };
}
