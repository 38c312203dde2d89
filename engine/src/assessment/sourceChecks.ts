// Issue 31: each source of a report says the day its rule was last checked against the official
// text (`checked`), and a check older than twelve months is flagged for review. Today is passed in,
// so that no result depends on the clock. D42: a source also names the edition it was compared
// with (`edition`), required of every source of a draft; published versions keep what they had.
import type { Definition } from '../definition';
import { assessmentOf } from './assessmentOf';
import type { Source } from './assessmentTypes';
import { parseSourceDate } from './sourceDate';

export interface SourceCheck {
  /** `missing`, `noEdition`, `invalid` or `future` are faults; `stale` is a warning: to check again, not wrong. */
  kind: 'missing' | 'noEdition' | 'invalid' | 'future' | 'stale';
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

/** Today as given, as a day number, and the same day a year before. */
interface Clock {
  today: string;
  now: number;
  yearAgo: number;
}

/**
 * The sources of a definition's rules, due items and counter guidance whose `checked` day is
 * missing, not a real day, after `today`, or more than twelve months before it ("YYYY-MM-DD"), and,
 * when `requireEdition` (a version not yet published), those that do not name their edition.
 */
export function sourceChecks(definition: Definition, today: string, requireEdition = false): SourceCheck[] {
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
  return sources.flatMap(({ source, path, field }): SourceCheck[] => [
    ...checkedDay(source, path, field, { today, now, yearAgo }),
    ...(requireEdition && source.edition === undefined
      ? [
          {
            kind: 'noEdition' as const,
            path,
            field,
            message: `la source de «\u00a0${field}\u00a0» ne dit pas quelle édition du texte a été vérifiée\u00a0: ajoutez une propriété edition, telle qu’on la trouve (par exemple «\u00a0Calendrier des vaccinations 2025, mise à jour de décembre 2025\u00a0»)`,
          },
        ]
      : []),
  ]);
}

/** The faults and the warning of one source's `checked` day. */
function checkedDay(source: Source, path: string, field: string, clock: Clock): SourceCheck[] {
  const { today, now, yearAgo } = clock;
  const at = { path: `${path}/checked`, field };
  if (source.checked === undefined)
    return [
      {
        kind: 'missing',
        ...at,
        message: `la source de «\u00a0${field}\u00a0» ne dit pas quand la règle a été vérifiée contre son texte\u00a0: ajoutez une propriété checked, le jour de la vérification (AAAA-MM-JJ)`,
      },
    ];
  const checked = dayOf(source.checked);
  if (checked === null)
    return [
      {
        kind: 'invalid',
        ...at,
        message: `"checked" de «\u00a0${field}\u00a0» n’est pas un vrai jour AAAA-MM-JJ (donnée\u00a0: ${JSON.stringify(source.checked)})`,
      },
    ];
  if (checked > now)
    return [
      {
        kind: 'future',
        ...at,
        message: `"checked" de «\u00a0${field}\u00a0» (${source.checked}) est après aujourd’hui (${today})`,
      },
    ];
  if (checked < yearAgo)
    return [
      {
        kind: 'stale',
        ...at,
        message: `la source de «\u00a0${field}\u00a0» a été vérifiée le ${source.checked}, plus de 12 mois avant le ${today}\u00a0: revoyez la règle avec le texte en vigueur (${source.body}, «\u00a0${source.document}\u00a0») et mettez à jour "checked"`,
      },
    ];
  return [];
}
