import type { Readable } from 'node:stream';
import {
  type Answers,
  type AnswerValue,
  assessmentOf,
  BMI_CATEGORY_LABELS,
  bmiNotEvaluable,
  type CatalogueEntry,
  catalogueOf,
  computeBmiResult,
  type Definition,
  formatAnswer,
  paris,
  reportContextOf,
  TRIAGE_LABELS,
  type TriageLevel,
} from '@bilan/engine';
import { calendarDay, DAY_FORMAT, DAY_TIME_FORMAT, parisWallClock } from '../shared/excelDate';
import { definitions, findDefinition } from '../questionnaire/definitions';
import { levelOfRank } from '../questionnaire/triage';
import type { ExportRow } from './rows';
import { spreadsheetCell } from '../shared/spreadsheetCell';
import { workbookWriter } from '../shared/xlsx/workbookWriter';

const IDENTITY_COLUMNS = [
  'Civilité',
  'Nom',
  'Prénom',
  'Date de naissance',
  'E-mail',
  'Date du formulaire',
  'Questionnaire (version)',
  'Triage',
  'Points signalés',
  'Bilan réalisé le',
  'IMC (kg/m²)',
  'Corpulence',
];

/** The identity columns' widths (characters), in their order. */
const IDENTITY_WIDTHS = [10, 20, 18, 14, 28, 17, 20, 10, 40, 14, 11, 24];

/** The workbook's cell styles: the header row is bold, dates and the BMI have their formats. */
const STYLES = {
  header: { bold: true },
  day: { numFmt: DAY_FORMAT },
  dayTime: { numFmt: DAY_TIME_FORMAT },
  decimal: { numFmt: '0.0' },
} as const;
type Style = keyof typeof STYLES;
/** The style of each identity column of a data row (the answers' cells are plain). */
const ROW_STYLES: readonly (Style | undefined)[] = [
  undefined,
  undefined,
  undefined,
  'day',
  undefined,
  'dayTime',
  undefined,
  undefined,
  undefined,
  'day',
  'decimal',
];

/** A column title short enough to read at a glance; the full question goes in the cell's note. */
const SHORT_TITLE = 32;

/** The sheet that counts, month by month (Paris), the forms received and the bilans done (the acts billed). */
const MONTHS_SHEET = 'Bilans par mois';

interface Column {
  /** section + field: a key is unique within a definition, but two versions may move it. */
  section: string;
  key: string;
  /** The whole question: "Question — Case" for a box, with the unit of a number. */
  header: string;
  /** The column's title: the header cut at a word before SHORT_TITLE characters (the note holds it whole). */
  title: string;
}

/** A column's heading from the catalogue: a box is "Question — Case", a number names its unit. */
function headerOf(entry: CatalogueEntry): string {
  if (entry.kind === 'box') return `${entry.question} — ${entry.label}`;
  return entry.unit ? `${entry.label} (${entry.unit})` : entry.label;
}

/** A title of at most SHORT_TITLE characters: a box by its own label, a long text cut at a word, with « … ». */
export function shortTitle(entry: Pick<CatalogueEntry, 'kind' | 'label' | 'unit'>): string {
  const unit = entry.unit ? ` (${entry.unit})` : '';
  const text = entry.label.replace(/\s+/g, ' ').trim();
  if (text.length + unit.length <= SHORT_TITLE) return `${text}${unit}`;
  const room = SHORT_TITLE - unit.length - 1;
  const cut = text.slice(0, room);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > room / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:\u2013\u2014-]+$/u, '')}…${unit}`;
}

/** One labelled column per stored field, in definition order. */
export function columnsOf(definition: Definition): Column[] {
  return [...catalogueOf(definition).fields.values()].map((entry) => ({
    section: entry.section,
    key: entry.key,
    header: headerOf(entry),
    title: shortTitle(entry),
  }));
}

/** The BMI and its category exactly as the report computes them (the WHO thresholds, the older person's threshold). */
function bmiCells(def: Definition, answers: Answers, row: ExportRow): [number | null, string | null] {
  const record = {
    definition: def,
    answers,
    date: new Date(row.submittedAt),
    patient: { civility: row.civility, birthDate: row.birthDate },
  };
  const bmi = computeBmiResult(def, answers, assessmentOf(def), reportContextOf(record));
  if (bmi.status === 'evaluated') return [bmi.value, bmi.category ? BMI_CATEGORY_LABELS[bmi.category] : null];
  return [null, bmiNotEvaluable(bmi.status)];
}

/**
 * A cell as the pharmacist reads it (the record layer's formatAnswer), except numbers: they stay
 * numbers so that the spreadsheet can sort and compute, their unit is in the column's heading.
 */
function cell(definition: Definition, key: string, value: AnswerValue | undefined): string | number | null {
  return typeof value === 'number' ? value : formatAnswer(definition, key, value);
}

/** The titles of a form's stored flagged findings on one line, or nothing when there are none. */
function prioritiesOf(flags: string | null): string | null {
  const titles = (JSON.parse(flags ?? '[]') as { title: string }[]).map((f) => f.title);
  return titles.length > 0 ? titles.join(' ; ') : null;
}

/** « Urgent », « À voir », or an empty cell for a form nothing flags. */
function triageLabel(level: TriageLevel | null): string | null {
  return level ? TRIAGE_LABELS[level] : null;
}

/** Forms received and bilans done per Paris month (YYYY-MM), counted row by row. */
class MonthlyFigures {
  private readonly figures = new Map<string, { received: number; done: number }>();

  add(row: ExportRow): void {
    this.of(row.submittedMonth ?? paris.month(new Date(row.submittedAt))).received += 1;
    if (row.bilanDoneAt) this.of(paris.month(new Date(row.bilanDoneAt))).done += 1;
  }

  /** Oldest month first. */
  rows(): [string, number, number][] {
    return [...this.figures].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, f]) => [month, f.received, f.done]);
  }

  private of(month: string) {
    const found = this.figures.get(month);
    if (found) return found;
    const fresh = { received: 0, done: 0 };
    this.figures.set(month, fresh);
    return fresh;
  }
}

/** The Paris day of an instant, as a spreadsheet date. */
function dayOf(at: string): Date {
  const wall = parisWallClock(at);
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
}

/** The rows of one band, a batch at a time (pharmacyRepository.exportBatch). */
export type ExportBatches = (band: string) => AsyncIterable<readonly ExportRow[]>;

/**
 * Streams a pharmacy's submitted forms as an .xlsx workbook: one sheet per age band, one row per
 * form, then a sheet of the months. Each band's columns are those of its newest definition, then
 * the fields only older versions had, so that every answer has its column whatever version it
 * was given in. No text cell can run as a formula (spreadsheetCell). Rows are read in batches and
 * written as the response drains: memory holds a batch, not the pharmacy's forms.
 */
export async function exportWorkbook(batches: ExportBatches, now: Date): Promise<Readable> {
  const book = await workbookWriter({ creator: 'Bilan Prévention', date: now, styles: STYLES });

  const write = async () => {
    const monthly = new MonthlyFigures();
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
      // The header row stays in view while scrolling; widths fit the titles and what the cells hold.
      const sheet = book.addSheet(band.label, {
        frozenRows: 1,
        widths: [
          ...IDENTITY_WIDTHS,
          ...columns.map((c) => Math.min(Math.max(c.title.length + 2, 12), SHORT_TITLE + 2)),
        ],
      });
      sheet.addRow([...IDENTITY_COLUMNS, ...columns.map((c) => c.title)].map(spreadsheetCell), 'header');
      // The whole question, in the title's note (Excel shows it on hover).
      columns.forEach((c, i) => sheet.addNote(1, IDENTITY_COLUMNS.length + i, String(spreadsheetCell(c.header))));
      for await (const batch of batches(band.code)) {
        for (const row of batch) {
          const def = findDefinition(row.definitionId, row.definitionVersion);
          if (!def) continue;
          monthly.add(row);
          const answers = JSON.parse(row.answers) as Answers;
          sheet.addRow(
            [
              row.civility,
              row.lastName,
              row.firstName,
              // Real dates, as the Paris wall clock shows them (issue 40), not text.
              calendarDay(row.birthDate),
              // '' is a patient without an address (D30): an empty cell.
              row.email || null,
              parisWallClock(row.submittedAt),
              `${def.id}@${def.version}`,
              // A form keeps its level once its bilan is done (D32).
              triageLabel(levelOfRank(row.triageRank)),
              prioritiesOf(row.priorityFlags),
              row.bilanDoneAt ? dayOf(row.bilanDoneAt) : null,
              ...bmiCells(def, answers, row),
              ...columns.map((c) => cell(def, c.key, answers[c.section]?.[c.key])),
            ].map(spreadsheetCell),
            ROW_STYLES,
          );
        }
        // Let the response take what is written before the next batch is read.
        await sheet.drained();
      }
      await sheet.end();
    }
    const months = book.addSheet(MONTHS_SHEET);
    months.addRow(['Mois', 'Questionnaires reçus', 'Bilans réalisés'], 'header');
    for (const row of monthly.rows()) months.addRow(row);
    await months.end();
    await book.finish();
  };
  write().catch((err: unknown) => book.stream.destroy(err as Error));
  return book.stream;
}
