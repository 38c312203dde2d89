// The shape of a questionnaire definition, as stored in definitions/*.json and checked by
// definitions/definition.schema.json. Kept in step with the meta-schema by the tests.
import type { AssessmentPart } from './assessment/assessmentTypes';
import type { Condition } from './condition';

export type { Condition };

/** A band of the national programme, e.g. 18to25. */
export type BandCode = '18to25' | '45to50' | '60to65' | '70to75';

export interface Band {
  code: BandCode;
  /** What a person reads, e.g. "18-25 ans". */
  label: string;
  /** Inclusive bounds, in completed years. */
  minAge: number;
  maxAge: number;
}

/** Answer strings: inline, or a reference to a shared vocabulary of definitions/vocabularies.json. */
export type OptionsSource = string[] | { vocabulary: string };

interface QuestionBase {
  key: string;
  /** The French question text. */
  label: string;
  /** An optional French help text shown under the label. */
  help?: string;
  visibleWhen?: Condition;
  /** D14: none is required by default. */
  requiredForCompletion?: boolean;
  /**
   * Issue 31: why no report rule reads this question (one line, for editors), e.g. "shown to the
   * pharmacist on the form page; no recommendation turns on it". On a checkbox group it covers the
   * boxes the report does not read.
   */
  informational?: string;
  /**
   * Why this question is no longer asked (one line, for editors): it stays in the version for the
   * data contract (D5: a minor version removes no field), and is hidden to everyone.
   */
  retired?: string;
}

export interface SingleChoiceQuestion extends QuestionBase {
  kind: 'single';
  options: OptionsSource;
}

export interface CheckboxBox {
  key: string;
  label: string;
  /** A box that applies to some people only (D25), e.g. the menopause priority topic. */
  visibleWhen?: Condition;
  /** Issue 31: why no report rule reads this box (see QuestionBase.informational). */
  informational?: string;
}

/**
 * A box that cannot be ticked together with others of its group (D25), e.g. "Aucune de ces
 * maladies": with `excludes`, only with those boxes; without, with any other box of the group.
 */
export interface ExclusiveOption {
  box: string;
  excludes?: string[];
}

/** A group of booleans; the group key names the group, each box is a stored field. */
export interface CheckboxGroupQuestion extends QuestionBase {
  kind: 'checkboxes';
  boxes: CheckboxBox[];
  exclusive?: ExclusiveOption[];
}

export interface NumberQuestion extends QuestionBase {
  kind: 'number';
  unit?: string;
  min: number;
  max?: number;
  step: number;
  integer?: boolean;
  /**
   * What a person reads when the value is not a number or out of range, in place of the
   * generic message, e.g. "Indiquez votre taille en centimètres, par exemple 172.".
   */
  invalidMessage?: string;
}

export interface TextQuestion extends QuestionBase {
  kind: 'text';
  maxLength?: number;
}

export interface TextareaQuestion extends QuestionBase {
  kind: 'textarea';
  rows: number;
  maxLength?: number;
}

/** Display only: a message shown while its condition holds (D7: 3114, 3919 and 17). Stores nothing. */
export interface NoticeItem {
  kind: 'notice';
  key: string;
  level: 'urgent' | 'info';
  text: string;
  /** Phone numbers written in the text ("3114", "116 006"), shown as tel: links. */
  phones?: string[];
  visibleWhen?: Condition;
}

/** Display only: a heading inside a page, over the questions that follow it (up to the next heading). */
export interface HeadingItem {
  kind: 'heading';
  key: string;
  text: string;
  visibleWhen?: Condition;
}

export type Question = SingleChoiceQuestion | CheckboxGroupQuestion | NumberQuestion | TextQuestion | TextareaQuestion;

/** What a page shows besides its questions: stores nothing. */
export type DisplayItem = NoticeItem | HeadingItem;

export type PageItem = Question | DisplayItem;

/** Computed fields: declared as data, recomputed by the engine on every save (D5b). */
export type ComputedField =
  | { key: string; kind: 'bmiFlag'; label: string; height: string; weight: string; op: 'lt' | 'gt'; threshold: number }
  | { key: string; kind: 'checkedList'; label: string; fields: string[] };

export interface Page {
  /** Route segment after parts{band}/, e.g. "health-history". */
  route: string;
  /** Section key under which the page's answers are stored, e.g. "healthHistory". */
  section: string;
  title: string;
  subtitle?: string;
  /** Percent shown by the progress bar on this page. */
  progress: number;
  last: boolean;
  items: PageItem[];
  computed?: ComputedField[];
}

export interface DefinitionFile {
  $schema?: string;
  /** Stable id of the questionnaire, e.g. "bilan-18to25". */
  id: string;
  /** Semantic version, e.g. "1.0.0". */
  version: string;
  band: Band;
  title: string;
  pages: Page[];
  /** The assessment report's rules, scores and what is due (D20); see assessment/assessmentTypes.ts. */
  assessment?: AssessmentPart;
}

export type Vocabularies = Record<string, string[]>;

/** A definition whose vocabulary references have been replaced by their answer strings. */
export interface Definition extends Omit<DefinitionFile, '$schema'> {
  pages: ResolvedPage[];
}

export type ResolvedSingleChoiceQuestion = Omit<SingleChoiceQuestion, 'options'> & { options: string[] };
export type ResolvedQuestion = Exclude<Question, SingleChoiceQuestion> | ResolvedSingleChoiceQuestion;
export type ResolvedPageItem = ResolvedQuestion | DisplayItem;
export interface ResolvedPage extends Omit<Page, 'items'> {
  items: ResolvedPageItem[];
}

/** One stored value: a radio answer string, a box, a number, a text or a computed list. */
export type AnswerValue = string | number | boolean | string[];
export type SectionAnswers = Record<string, AnswerValue>;
/** A whole answer set: section key → field key → value. */
export type Answers = Record<string, SectionAnswers>;
