// The assessment part of a definition (D20): rules, scores and what is due, all as data. Its
// shape is derived from definitions/assessment.schema.json (definitionTypes.generated.ts); here
// the report it produces. Checked by the schema and by checkAssessment.
import type { DueRule, Level, Sex, Source, Theme } from '../definitionTypes.generated';
import type { ConditionReason } from '../conditionReasons';

export type {
  AssessmentPart,
  AssessmentRule,
  CounterGuidance,
  DueRule,
  Level,
  ScoreConfig,
  Sex,
  Source,
  Theme,
} from '../definitionTypes.generated';

/** Stable theme codes, in the order the report prints them: every theme of the schema, once. */
export const THEMES = [
  'nutrition-activity',
  'addictions',
  'sleep',
  'mental-health',
  'warning-signs',
  'screenings',
  'vaccinations',
  'sexual-health',
  'social',
  'autonomy-falls',
] as const satisfies readonly Theme[];

/** Levels, most urgent first: every level of the schema, once. */
export const LEVELS = ['priority', 'attention', 'information'] as const satisfies readonly Level[];

/** Who the report is for: age in completed years on the day (D19), sex when known. */
export interface ReportContext {
  age: number;
  sex?: Sex;
  /** ISO date of the report (the clock is passed in). */
  today: string;
}

export interface Finding {
  id: string;
  theme: Theme;
  level: Level;
  topPriority: boolean;
  title: string;
  advice: string;
  /** The rule's phone numbers, to print as tel: links (empty when it declares none). */
  phones: string[];
  source: Source;
  /** Why it appears: the answers and measures that made its condition hold (never empty). */
  reasons: Reason[];
  /** For the pharmacist's view only (never printed on Bilan.pdf), when the rule declares it. */
  counterGuidance?: { text: string; phones: string[]; source?: Source };
  /** The rule's dashboard level when it declares one (D32); otherwise the triage table decides. */
  triage?: 'urgent' | 'review' | 'none';
}

/**
 * One answer or measure that made a rule's condition hold: a field and its stored value, or a
 * fact (`$age`, `$bmi`, `$sex`, `$phq2`, `$gad2`) and its value. Read for people by reasonText.
 */
export type Reason = ConditionReason;

export type ScoreStatus = 'positive' | 'negative' | 'notEvaluable';

export interface ScoreItem {
  field: string;
  /** The question text. */
  label: string;
  /** The answer as a person reads it (its catalogue label), null when blank. */
  answer: string | null;
  points: number | null;
}

export interface ScoreResult {
  items: ScoreItem[];
  /** Null when an item is blank: never counted as 0. */
  total: number | null;
  positive: boolean | null;
  status: ScoreStatus;
  /** False when the band's questionnaire does not ask the items at all. */
  available: boolean;
}

/**
 * WHO categories, and 'lowForAge': a BMI WHO calls normal but below the threshold of older people
 * (22 from 70, HAS 2021), which is not labelled « Corpulence normale » (issue 31).
 */
export type BmiCategory = 'underweight' | 'lowForAge' | 'normal' | 'overweight' | 'obese';

/**
 * The BMI of the report: rounded to one decimal with its WHO category when evaluated; otherwise
 * no value nor category, and why ('missing' input or 'implausible' inputs, D24).
 */
export type BmiResult = (
  | { status: 'evaluated'; value: number; category: BmiCategory }
  | { status: Exclude<BmiStatus, 'evaluated'>; value: null; category: null }
) & {
  /** Only where the definition declares the undernutrition threshold (70-75); null without a BMI. */
  undernutritionRisk?: boolean | null;
};

/**
 * A status a due item states whatever the answers (issue 31): a vaccine of every autumn campaign
 * (never « À jour »), one to decide with the doctor (the risk it depends on is not asked), one
 * put off (HPV during a pregnancy).
 */
export type FixedDueStatus = NonNullable<DueRule['status']>;

export type DueStatus = 'due' | 'upToDate' | 'unknown' | FixedDueStatus;

export interface DueItem {
  id: string;
  theme: 'screenings' | 'vaccinations';
  title: string;
  schedule: string;
  status: DueStatus;
  source: Source;
  /** Why it is listed (age, answers) and, when it is due or up to date, the answer that says so. */
  reasons: Reason[];
}

/** What becomes due at the next birthday (issue 31: « À 65 ans : zona, pneumocoque… »). */
export interface UpcomingDue {
  age: number;
  items: Array<{ id: string; short: string; seasonal: boolean }>;
}

export interface PriorityTopic {
  field: string;
  label: string;
}

export interface FreeText {
  field: string;
  label: string;
  text: string;
}

export interface Report {
  definition: { id: string; version: string; band: string; bandLabel: string };
  context: ReportContext;
  /** Top priority first, then by level, then by theme, then in definition order. */
  findings: Finding[];
  scores: { phq2: ScoreResult; gad2: ScoreResult; bmi: BmiResult };
  due: DueItem[];
  /** What becomes due at the next birthday that is not due today; null when nothing does. */
  upcoming: UpcomingDue | null;
  /** The oldest day the definition's rules were checked against their texts; null when one does not say. */
  checkedOn: string | null;
  /**
   * D42: the editions the report's findings and due items were compared with, each once, in the
   * report's order; null for a version whose sources do not all name theirs (it prints checkedOn).
   */
  editions: string[] | null;
  priorities: PriorityTopic[];
  freeText: FreeText[];
}

/** Why a BMI is or is not given: computed, height or weight left blank, or implausible inputs. */
export type BmiStatus = 'evaluated' | 'missing' | 'implausible';
