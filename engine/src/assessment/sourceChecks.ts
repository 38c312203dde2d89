// Issue 31: each source of a report says the day its rule was last checked against the official
// text (`checked`), and a check older than twelve months is flagged for review. Today is passed in,
// so that no result depends on the clock.
import type { Definition } from '../definition';
import { assessmentOf } from './assessmentOf';
import type { Source } from './assessmentTypes';
import { parseSourceDate } from './sourceDate';

export interface SourceCheck {
  /** `missing`, `invalid` or `future` are faults; `stale` is a warning: to check again, not wrong. */
  kind: 'missing' | 'invalid' | 'future' | 'stale';
  path: string;
  /** The rule or due item. */
  field: string;
  message: string;
}

function dayOf(text: string): number | null {
  const parts = parseSourceDate(text);
  if (parts?.month === undefined || parts.day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  return Date.UTC(parts.year, parts.month - 1, parts.day);
}

/**
 * The sources of a definition's rules, due items and counter guidance whose `checked` day is
 * missing, not a real day, after `today`, or more than twelve months before it ("YYYY-MM-DD").
 */
export function sourceChecks(definition: Definition, today: string): SourceCheck[] {
  const part = assessmentOf(definition);
  const now = dayOf(today);
  if (!part || now === null) return [];
  const { year, month = 1, day = 1 } = parseSourceDate(today) ?? { year: 0 };
  const yearAgo = Date.UTC(year - 1, month - 1, day);
  const sources: Array<{ source: Source; path: string; field: string }> = [
    ...part.rules.flatMap((rule, r) => [
      { source: rule.source, path: `/assessment/rules/${r}/source`, field: rule.id },
      ...(rule.counterGuidance?.source
        ? [
            {
              source: rule.counterGuidance.source,
              path: `/assessment/rules/${r}/counterGuidance/source`,
              field: rule.id,
            },
          ]
        : []),
    ]),
    ...(part.due ?? []).map((item, d) => ({
      source: item.source,
      path: `/assessment/due/${d}/source`,
      field: item.id,
    })),
  ];
  return sources.flatMap(({ source, path, field }): SourceCheck[] => {
    const at = { path: `${path}/checked`, field };
    if (source.checked === undefined)
      return [
        {
          kind: 'missing',
          ...at,
          message: `the source of "${field}" does not say when it was last checked against its text: add "checked": "YYYY-MM-DD"`,
        },
      ];
    const checked = dayOf(source.checked);
    if (checked === null)
      return [
        {
          kind: 'invalid',
          ...at,
          message: `"checked" of "${field}" is not a real day "YYYY-MM-DD" (given: ${JSON.stringify(source.checked)})`,
        },
      ];
    if (checked > now)
      return [
        { kind: 'future', ...at, message: `"checked" of "${field}" (${source.checked}) is after today (${today})` },
      ];
    if (checked < yearAgo)
      return [
        {
          kind: 'stale',
          ...at,
          message: `the source of "${field}" was last checked on ${source.checked}, more than 12 months before ${today}: check the rule against the current text (${source.body}, « ${source.document} ») and update "checked"`,
        },
      ];
    return [];
  });
}
