// The assessment part of a definition (D20): rules, scores and what is due, all as data.
// Checked by definitions/assessment.schema.json and by checkAssessment.
import type { Condition } from '../condition';
import type { ConditionReason } from '../conditionReasons';

/** Stable theme codes, in the order the report prints them. */
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
] as const;
export type Theme = (typeof THEMES)[number];

/** Levels, most urgent first. */
export const LEVELS = ['priority', 'attention', 'information'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * A public source: who published it, the document's title, its date, and where to read it. The
 * date is as precise as the text: "2019", "2025-05" or "2025-12-09" (see sourceDate). A title in
 * English says so (`lang: 'en'`): it keeps its own punctuation ("Obesity: preventing…").
 */
export interface Source {
  body: string;
  document: string;
  date: string;
  url?: string;
  lang?: 'fr' | 'en';
  /**
   * The day ("YYYY-MM-DD") the rule was last checked against this text (issue 31): Bilan.pdf prints
   * « Recommandations vérifiées le … », and the definitions check warns when it is over a year old.
   */
  checked?: string;
}

/**
 * What the pharmacist does at the counter when a finding appears (issue 31: suicidal thoughts):
 * shown on the pharmacist's view of the form, never on the patient's copy (Bilan.pdf).
 */
export interface CounterGuidance {
  text: string;
  /** Phone numbers written in the text, printed as tel: links. */
  phones?: string[];
  source?: Source;
}

/**
 * A report rule. `when` is the condition tree of the definitions, over the answers and the
 * derived facts of the assessment context ($age, $sex, $bmi, $phq2, $gad2: see assessmentFacts).
 */
export interface AssessmentRule {
  id: string;
  theme: Theme;
  level: Level;
  /** Printed above every other finding (suicidal thoughts: 3114). */
  topPriority?: boolean;
  when: Condition;
  title: string;
  advice: string;
  /** Phone numbers written in the advice ("3114", "116 006"), printed as tel: links. */
  phones?: string[];
  source: Source;
  counterGuidance?: CounterGuidance;
}

/**
 * A status a due item states whatever the answers (issue 31): a vaccine of every autumn campaign
 * (never « À jour »), one to decide with the doctor (the risk it depends on is not asked), one
 * put off (HPV during a pregnancy).
 */
export type FixedDueStatus = 'seasonal' | 'askDoctor' | 'postponed';

/**
 * Something due from age, sex and answers (a vaccine booster, an organised screening).
 * Listed when `appliesWhen` holds; up to date when `upToDateWhen` holds, due when `dueWhen`
 * holds, unknown otherwise (blank answer, "Je ne sais pas", or no question in this band).
 */
export interface DueRule {
  id: string;
  theme: 'screenings' | 'vaccinations';
  title: string;
  /** The recommended schedule, in French, e.g. "tous les 2 ans de 50 à 74 ans". */
  schedule: string;
  appliesWhen: Condition;
  upToDateWhen?: Condition;
  dueWhen?: Condition;
  /** A status that does not come from the answers; an item with one has no upToDateWhen nor dueWhen. */
  status?: FixedDueStatus;
  /**
   * Its name in a list (« zona », « pneumocoque »): what becomes due at the next birthday is
   * announced with it (« À 65 ans : zona, pneumocoque… »). An item without one is not announced.
   */
  short?: string;
  source: Source;
}

export interface ScoreConfig {
  /** The two item fields, each a single choice on the four-step two-week scale (0 to 3 by position). */
  items: [string, string];
  /** Positive at or above this total. */
  positiveAt: number;
}

export interface AssessmentPart {
  /** The field that holds the patient's sex, and how its answer strings map to sex codes. */
  sexField?: string;
  sexValues?: Record<string, Sex>;
  scores?: { phq2?: ScoreConfig; gad2?: ScoreConfig };
  /** French guidance for older people (HAS 2021): BMI below the threshold suggests undernutrition. */
  undernutrition?: { fromAge: number; bmiBelow: number };
  /** Boxes (or a checkedList of boxes) where the patient ticked their own priority topics. */
  priorities?: string[];
  /** Free-text fields printed as the patient wrote them. */
  freeText?: string[];
  rules: AssessmentRule[];
  due?: DueRule[];
}

export type Sex = 'femme' | 'homme' | 'autre';

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
  priorities: PriorityTopic[];
  freeText: FreeText[];
}

/** Why a BMI is or is not given: computed, height or weight left blank, or implausible inputs. */
export type BmiStatus = 'evaluated' | 'missing' | 'implausible';
