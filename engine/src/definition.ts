// The shape of a questionnaire definition. The file's shape is derived from
// definitions/definition.schema.json (and assessment.schema.json) by pnpm codegen into
// definitionTypes.generated.ts, checked by `codegen --check`: the schema is its one source.
// Here only what the engine derives from it: a definition with its vocabularies resolved, and
// the answers.
import type {
  CodedOption,
  DefinitionFile,
  HeadingItem,
  NoticeItem,
  Page,
  PageItem,
  SingleChoiceQuestion,
} from './definitionTypes.generated';
import type { TranslatedLanguage } from './i18n/translation';

export type {
  AnswerCode,
  Band,
  BandCode,
  CheckboxBox,
  CheckboxGroupQuestion,
  CodedOption,
  ComputedField,
  Condition,
  DefinitionFile,
  ExclusiveOption,
  HeadingItem,
  NoticeItem,
  NumberQuestion,
  OptionsSource,
  Page,
  PageItem,
  SingleChoiceQuestion,
  TextareaQuestion,
  TextQuestion,
  VisibilityCondition,
} from './definitionTypes.generated';

/** What a page shows besides its questions: stores nothing. */
export type DisplayItem = NoticeItem | HeadingItem;

/** A page item that asks something (and stores an answer, or a box per answer). */
export type Question = Exclude<PageItem, DisplayItem>;

/**
 * definitions/vocabularies.json: answer lists shared by several questions, by name; a list holds
 * answer strings (the 1.x versions) or coded answers (from 2.0.0, D41).
 */
export type Vocabularies = Record<string, string[] | CodedOption[]>;

/** A definition whose vocabulary references have been replaced by their answer strings. */
export interface Definition extends Omit<DefinitionFile, '$schema'> {
  pages: ResolvedPage[];
  /** The language of its texts once localized for a patient (localizeDefinition); French when absent. */
  language?: TranslatedLanguage;
}

/**
 * A single choice with its answers resolved: `options` are what a form stores, the answer strings
 * of a 1.x version or the codes of a 2.x one; `optionLabels` (2.x only) says what each code reads.
 */
export type ResolvedSingleChoiceQuestion = Omit<SingleChoiceQuestion, 'options'> & {
  options: string[];
  optionLabels?: Record<string, string>;
};
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
