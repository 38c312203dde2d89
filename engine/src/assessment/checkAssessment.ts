import { checkCondition, type KnownFacts } from '../checkCondition';
import type { Condition, Definition } from '../definition';
import { fieldsOf } from '../fieldsOf';
import { phonesNotIn } from '../phoneLinks';
import { FACTS, SEX_CODES } from './assessmentFacts';
import { assessmentOf } from './assessmentOf';
import { LEVELS, THEMES, type Source } from './assessmentTypes';
import { parseSourceDate } from './sourceDate';
import { quoted } from '../quoted';

export interface AssessmentIssue {
  /** Where, JSON-pointer-like as in checkDefinition, e.g. `/assessment/rules/3/when`. */
  path: string;
  /** The field a condition names, when the problem is about one. */
  field?: string;
  message: string;
}

/** What report rules may name besides the fields. */
const KNOWN_FACTS: KnownFacts = {
  names: FACTS,
  numeric: new Set(['$age', '$bmi', '$phq2', '$gad2']),
  sexCodes: SEX_CODES,
};

const filled = (text: unknown): boolean => typeof text === 'string' && text.trim() !== '';

/** Issue 16: every rule and due item names its source (who, which text) and that text's date. */
function checkSource(source: Source | undefined, path: string, issues: AssessmentIssue[]): void {
  if (!source || !filled(source.body) || !filled(source.document)) {
    issues.push({
      path: `${path}/source`,
      message: 'une source publique est obligatoire\u00a0: qui l’a publiée (body) et quel texte (document)',
    });
  }
  if (!source || parseSourceDate(source.date) === null) {
    const given = source && 'date' in source ? ` (donnée\u00a0: ${quoted(String(source.date))})` : '';
    issues.push({
      path: `${path}/source/date`,
      message: `la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date)${given}`,
    });
  }
}

/** A condition that holds only through `not` could not say why its finding appears. */
function namesSomethingShown(condition: Condition): boolean {
  switch (condition.type) {
    case 'all':
    case 'any':
      return condition.conditions.some(namesSomethingShown);
    case 'not':
      return false;
    default:
      return true;
  }
}

/**
 * Checks the assessment part of a resolved definition: every field and answer string a rule
 * names exists, every rule has a public source with its date (issue 16), can say why it appears, holds the phone numbers it declares (in its counter guidance too), a due item
 * states its status or takes it from the answers, not both, ids are unique, score items are four-step
 * single choices, priorities are boxes and free texts are text fields.
 */
export function checkAssessment(definition: Definition): AssessmentIssue[] {
  const part = assessmentOf(definition);
  if (!part) return [];
  const index = fieldsOf(definition);
  const issues: AssessmentIssue[] = [];
  const ids = new Set<string>();
  const claim = (id: string, path: string) => {
    if (ids.has(id)) issues.push({ path, message: `identifiant ${id} en double` });
    ids.add(id);
  };

  part.rules.forEach((rule, i) => {
    const path = `/assessment/rules/${i}`;
    claim(rule.id, `${path}/id`);
    if (!THEMES.includes(rule.theme))
      issues.push({ path: `${path}/theme`, message: `thème ${quoted(rule.theme)} inconnu` });
    if (!LEVELS.includes(rule.level))
      issues.push({ path: `${path}/level`, message: `niveau ${quoted(rule.level)} inconnu` });
    if (!rule.title?.trim() || !rule.advice?.trim())
      issues.push({ path, message: 'un titre (title) et un conseil (advice) sont obligatoires' });
    for (const phone of phonesNotIn(rule.advice ?? '', rule.phones)) {
      issues.push({
        path: `${path}/phones`,
        message: `numéro ${phone}\u00a0: il n’est pas écrit en entier dans le conseil`,
      });
    }
    issues.push(...checkCondition(rule.when, `${path}/when`, index, KNOWN_FACTS));
    if (rule.when && !namesSomethingShown(rule.when)) {
      issues.push({
        path: `${path}/when`,
        message: `la règle ne tient que par ${quoted('not')}\u00a0: nommez la réponse ou la mesure qui la fait apparaître, pour que le bilan dise pourquoi`,
      });
    }
    checkSource(rule.source, path, issues);
    const guidance = rule.counterGuidance;
    if (guidance) {
      for (const phone of phonesNotIn(guidance.text, guidance.phones)) {
        issues.push({
          path: `${path}/counterGuidance/phones`,
          message: `phone number "${phone}" does not appear in the counter guidance of rule "${rule.id}" as a whole number`,
        });
      }
      if (guidance.source) checkSource(guidance.source, `${path}/counterGuidance`, issues);
    }
  });

  (part.due ?? []).forEach((item, i) => {
    const path = `/assessment/due/${i}`;
    claim(item.id, `${path}/id`);
    issues.push(...checkCondition(item.appliesWhen, `${path}/appliesWhen`, index, KNOWN_FACTS));
    if (item.appliesWhen && !namesSomethingShown(item.appliesWhen)) {
      issues.push({
        path: `${path}/appliesWhen`,
        message: `l’échéance ne s’applique que par ${quoted('not')}\u00a0: nommez l’âge ou la réponse qui la fait apparaître, pour que le bilan dise pourquoi`,
      });
    }
    if (item.upToDateWhen)
      issues.push(...checkCondition(item.upToDateWhen, `${path}/upToDateWhen`, index, KNOWN_FACTS));
    if (item.dueWhen) issues.push(...checkCondition(item.dueWhen, `${path}/dueWhen`, index, KNOWN_FACTS));
    if (item.status !== undefined && (item.upToDateWhen !== undefined || item.dueWhen !== undefined)) {
      issues.push({
        path: `${path}/status`,
        message: `"${item.id}" states its status ("${item.status}"): it cannot also take one from the answers (upToDateWhen, dueWhen)`,
      });
    }
    checkSource(item.source, path, issues);
  });

  if (part.sexField !== undefined) {
    const info = index.get(part.sexField);
    if (info?.kind !== 'single') {
      issues.push({
        path: '/assessment/sexField',
        message: `sexField\u00a0: ${part.sexField} n’est pas une question à réponse unique`,
      });
    } else {
      for (const [answer, sex] of Object.entries(part.sexValues ?? {})) {
        if (!info.options?.includes(answer))
          issues.push({
            path: '/assessment/sexValues',
            message: `sexValues\u00a0: ${quoted(answer)} n’est pas une réponse de ${part.sexField}`,
          });
        if (!SEX_CODES.includes(sex))
          issues.push({
            path: '/assessment/sexValues',
            message: `sexValues\u00a0: ${quoted(sex)} n’est pas un code de sexe`,
          });
      }
    }
  }

  for (const name of ['phq2', 'gad2'] as const) {
    const config = part.scores?.[name];
    config?.items.forEach((field, i) => {
      const info = index.get(field);
      if (info?.kind !== 'single' || info.options?.length !== 4) {
        issues.push({
          path: `/assessment/scores/${name}/items/${i}`,
          message: `score\u00a0: ${field} n’est pas une question à réponse unique en quatre degrés`,
        });
      }
    });
  }

  (part.priorities ?? []).forEach((field, i) => {
    const kind = index.get(field)?.kind;
    if (kind !== 'box' && kind !== 'checkedList')
      issues.push({
        path: `/assessment/priorities/${i}`,
        message: `priorités\u00a0: ${field} n’est ni une case ni une liste de cases`,
      });
  });
  (part.freeText ?? []).forEach((field, i) => {
    const kind = index.get(field)?.kind;
    if (kind !== 'text' && kind !== 'textarea')
      issues.push({
        path: `/assessment/freeText/${i}`,
        message: `texte libre\u00a0: ${field} n’est pas une question à texte libre`,
      });
  });
  return issues;
}
