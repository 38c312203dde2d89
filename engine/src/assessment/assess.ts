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
  type Finding,
  type FreeText,
  type PriorityTopic,
  type Report,
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
      order,
    }))
    .sort(byUrgency)
    .map(({ order: _order, ...finding }) => finding);

  const due: DueItem[] = (part?.due ?? [])
    .filter((item) => evaluateCondition(item.appliesWhen, lookup))
    .map((item) => {
      const holds = (condition: Condition | undefined): condition is Condition =>
        condition !== undefined && evaluateCondition(condition, lookup);
      const status = holds(item.upToDateWhen) ? 'upToDate' : holds(item.dueWhen) ? 'due' : 'unknown';
      const statusCondition = status === 'upToDate' ? item.upToDateWhen : status === 'due' ? item.dueWhen : undefined;
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
    priorities: prioritiesOf(definition, answers, part),
    freeText: freeTextOf(definition, answers, part),
  };
}
