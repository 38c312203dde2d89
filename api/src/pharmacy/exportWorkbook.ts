import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { catalogueOf, formatAnswer, type AnswerValue, type Answers, type CatalogueEntry, type Definition } from '@bilan/engine';
import { definitions, findDefinition } from '../questionnaire/definitions';
import type { ExportRow } from './repository';
import { spreadsheetCell } from './spreadsheetCell';

const IDENTITY_COLUMNS = ['Civilité', 'Nom', 'Prénom', 'Date de naissance', 'E-mail', 'Date du formulaire', 'Questionnaire (version)'];

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

/**
 * Streams a pharmacy's submitted forms (pharmacyRepository.exportRows) as an .xlsx workbook: one
 * sheet per age band, one row per form. Each band's columns are those of its newest definition,
 * then the fields only older versions had, so that every answer has its column whatever version
 * it was given in. No text cell can run as a formula (spreadsheetCell).
 */
export function exportWorkbook(rows: readonly ExportRow[]): { stream: PassThrough; rows: number } {
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
          ...columns.map((c) => cell(def, c.key, answers[c.section]?.[c.key])),
        ].map(spreadsheetCell))
        .commit();
    }
    sheet.commit();
  }
  workbook.commit().catch((err: unknown) => stream.destroy(err as Error));
  return { stream, rows: rows.length };
}
