import type { Answers, Definition } from '../definition';
import { fieldsOf } from '../fieldsOf';
import { answerOf } from '../answerOf';
import { assessmentFacts } from './assessmentFacts';
import { assessmentOf } from './assessmentOf';
import {
  LEVELS,
  THEMES,
  type ReportContext,
  type AssessmentPart,
  type DueItem,
  type DueRule,
  type DueStatus,
  type Finding,
  type FreeText,
  type PriorityTopic,
  type Report,
  type UpcomingDue,
} from './assessmentTypes';
import { computeBmiResult } from './computeBmiResult';
import { computeScore } from './computeScore';
import { answersLookup, evaluateCondition, type Lookup } from '../evaluateCondition';
import { conditionReasons } from '../conditionReasons';
import type { Condition } from '../condition';

function byUrgency(a: Finding & { order: number }, b: Finding & { order: number }): number {
  return (
    Number(b.topPriority) - Number(a.topPriority) ||
    LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) ||
    THEMES.indexOf(a.theme) - THEMES.indexOf(b.theme) ||
    a.order - b.order
  );
}

function prioritiesOf(definition: Definition, answers: Answers, part: AssessmentPart | undefined): PriorityTopic[] {
  const index = fieldsOf(definition);
  const labelOf = (box: string) => index.get(box)?.box?.label ?? box;
  const ticked: string[] = [];
  for (const field of part?.priorities ?? []) {
    const value = answerOf(field, answers, definition);
    if (value === true) ticked.push(field);
    else if (Array.isArray(value)) ticked.push(...value);
  }
  return [...new Set(ticked)].map((field) => ({ field, label: labelOf(field) }));
}

function freeTextOf(definition: Definition, answers: Answers, part: AssessmentPart | undefined): FreeText[] {
  const index = fieldsOf(definition);
  const texts: FreeText[] = [];
  for (const field of part?.freeText ?? []) {
    const value = answerOf(field, answers, definition);
    if (typeof value !== 'string' || value.trim() === '') continue;
    const info = index.get(field);
    texts.push({ field, label: info && 'label' in info.item ? info.item.label : field, text: value.trim() });
  }
  return texts;
}

/** A due item's status: the one it states, else from the answers (issue 31: only what is known). */
function dueStatusOf(item: DueRule, lookup: Lookup): { status: DueStatus; condition?: Condition } {
  if (item.status) return { status: item.status };
  if (item.upToDateWhen && evaluateCondition(item.upToDateWhen, lookup))
    return { status: 'upToDate', condition: item.upToDateWhen };
  if (item.dueWhen && evaluateCondition(item.dueWhen, lookup)) return { status: 'due', condition: item.dueWhen };
  return { status: 'unknown' };
}

/**
 * What becomes due at the next birthday and is not due today (« À 65 ans : zona, pneumocoque… »):
 * each named item whose condition holds with the age one year on, every other fact unchanged.
 */
function upcomingOf(items: readonly DueRule[], lookup: Lookup, age: number): UpcomingDue | null {
  const next: Lookup = (field) => (field === '$age' ? age + 1 : lookup(field));
  const coming = items
    .filter((item) => item.short !== undefined)
    .filter((item) => !evaluateCondition(item.appliesWhen, lookup) && evaluateCondition(item.appliesWhen, next))
    .map((item) => ({ id: item.id, short: item.short ?? item.id, seasonal: item.status === 'seasonal' }));
  return coming.length > 0 ? { age: age + 1, items: coming } : null;
}

/** The oldest day the rules were checked against their texts, or null when one of them does not say. */
function checkedOnOf(part: AssessmentPart | undefined): string | null {
  const sources = [
    ...(part?.rules ?? []).flatMap((r) => [r.source, ...(r.counterGuidance?.source ? [r.counterGuidance.source] : [])]),
    ...(part?.due ?? []).map((d) => d.source),
  ];
  if (sources.length === 0 || sources.some((s) => s.checked === undefined)) return null;
  return sources.map((s) => s.checked ?? '').sort()[0] ?? null;
}

/**
 * The editions of the sources of what the report prints (D42), each once in the report's order;
 * null when one source of the definition does not name its edition (a version published before).
 */
function editionsOf(
  part: AssessmentPart | undefined,
  printed: ReadonlyArray<{ source: { edition?: string } }>,
): string[] | null {
  const sources = [
    ...(part?.rules ?? []).flatMap((r) => [r.source, ...(r.counterGuidance?.source ? [r.counterGuidance.source] : [])]),
    ...(part?.due ?? []).map((d) => d.source),
  ];
  if (sources.length === 0 || sources.some((s) => s.edition === undefined)) return null;
  return [...new Set(printed.map((item) => item.source.edition ?? ''))];
}

/**
 * The assessment report of one answer set (D20): the rules of the definition that fire, sorted
 * by urgency; PHQ-2, GAD-2 and BMI; what is due from age, sex and answers; the patient's own
 * priority topics and free text. Pure: the date comes in the context.
 */
export function assess(definition: Definition, answers: Answers, context: ReportContext): Report {
  const part = assessmentOf(definition);
  const scores = {
    phq2: computeScore(definition, answers, part?.scores?.phq2),
    gad2: computeScore(definition, answers, part?.scores?.gad2),
    bmi: computeBmiResult(definition, answers, part, context),
  };
  const facts = assessmentFacts(definition, answers, part, context, scores);
  const answered = answersLookup(definition, answers);
  const lookup: Lookup = (field) => (field.startsWith('$') ? facts.get(field) : answered(field));

  const findings = (part?.rules ?? [])
    .map((rule, order) => ({ rule, order }))
    .filter(({ rule }) => evaluateCondition(rule.when, lookup))
    .map(({ rule, order }) => ({
      id: rule.id,
      theme: rule.theme,
      level: rule.level,
      topPriority: rule.topPriority === true,
      title: rule.title,
      advice: rule.advice,
      phones: rule.phones ?? [],
      source: rule.source,
      reasons: conditionReasons(rule.when, lookup),
      ...(rule.triage ? { triage: rule.triage } : {}),
      ...(rule.counterGuidance
        ? {
            counterGuidance: {
              text: rule.counterGuidance.text,
              phones: rule.counterGuidance.phones ?? [],
              ...(rule.counterGuidance.source ? { source: rule.counterGuidance.source } : {}),
            },
          }
        : {}),
      order,
    }))
    .sort(byUrgency)
    .map(({ order: _order, ...finding }) => finding);

  const due: DueItem[] = (part?.due ?? [])
    .filter((item) => evaluateCondition(item.appliesWhen, lookup))
    .map((item) => {
      const { status, condition: statusCondition } = dueStatusOf(item, lookup);
      const reasons = conditionReasons(item.appliesWhen, lookup);
      for (const reason of statusCondition ? conditionReasons(statusCondition, lookup) : []) {
        if (!reasons.some((r) => r.field === reason.field)) reasons.push(reason);
      }
      return {
        id: item.id,
        theme: item.theme,
        title: item.title,
        schedule: item.schedule,
        status,
        source: item.source,
        reasons,
      };
    });

  const sex = facts.get('$sex');
  return {
    definition: {
      id: definition.id,
      version: definition.version,
      band: definition.band.code,
      bandLabel: definition.band.label,
    },
    context: { ...context, ...(typeof sex === 'string' ? { sex: sex as ReportContext['sex'] } : {}) },
    findings,
    scores,
    due,
    upcoming: upcomingOf(part?.due ?? [], lookup, context.age),
    checkedOn: checkedOnOf(part),
    editions: editionsOf(part, [...findings, ...due]),
    priorities: prioritiesOf(definition, answers, part),
    freeText: freeTextOf(definition, answers, part),
  };
}
