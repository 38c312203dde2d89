import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { fieldsOf, type AnswerValue, type Answers, type Definition } from '@bilan/engine';
import { definitions, findDefinition } from '../questionnaire/definitions';
import type { Db } from '../db/client';
import { answerSets, patients } from '../db/schema';
import { submittedOfPharmacy } from './submittedOfPharmacy';

const IDENTITY_COLUMNS = ['Civilité', 'Nom', 'Prénom', 'Date de naissance', 'E-mail', 'Date du formulaire', 'Questionnaire (version)'];

interface Column {
  /** section + field: a key is unique within a definition, but two versions may move it. */
  section: string;
  key: string;
  header: string;
}

/** One labelled column per stored field, in definition order; a box is "Groupe — Case". */
export function columnsOf(definition: Definition): Column[] {
  return [...fieldsOf(definition).values()].map((f) => {
    const header = f.kind === 'box' && f.group ? `${f.group.label} — ${labelOfBox(f.group.boxes, f.key)}` : f.item.label;
    return { section: f.section, key: f.key, header };
  });
}

function labelOfBox(boxes: { key: string; label: string }[], key: string): string {
  return boxes.find((b) => b.key === key)?.label ?? key;
}

/** A cell: answer strings as given, numbers as numbers, boxes as Oui/Non, lists joined. */
function cell(value: AnswerValue | undefined): string | number | null {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

/**
 * Streams the pharmacy's submitted answer sets as an .xlsx workbook: one sheet per age band, one
 * row per form. Each band's columns are those of its newest definition, then the fields only
 * older versions had, so that every answer has its column whatever version it was given in.
 */
export function exportWorkbook(db: Db, clientId: number): { stream: PassThrough; rows: number } {
  const rows = db
    .select({ patient: patients, answerSet: answerSets })
    .from(patients)
    .innerJoin(answerSets, eq(answerSets.patientId, patients.id))
    .where(submittedOfPharmacy(clientId))
    .orderBy(asc(answerSets.submittedAt), asc(patients.id))
    .all();

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
    const header = sheet.addRow([...IDENTITY_COLUMNS, ...columns.map((c) => c.header)]);
    header.font = { bold: true };
    header.commit();
    for (const { patient, answerSet } of rows) {
      const def = findDefinition(answerSet.definitionId, answerSet.definitionVersion);
      if (!def || def.band.code !== band.code) continue;
      const answers = JSON.parse(answerSet.sections) as Answers;
      sheet
        .addRow([
          patient.civilite,
          patient.nom,
          patient.prenom,
          patient.dateNaissance,
          patient.email,
          answerSet.submittedAt,
          `${def.id}@${def.version}`,
          ...columns.map((c) => cell(answers[c.section]?.[c.key])),
        ])
        .commit();
    }
    sheet.commit();
  }
  workbook.commit().catch((err: unknown) => stream.destroy(err as Error));
  return { stream, rows: rows.length };
}
