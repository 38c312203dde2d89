import type { DueItem, Finding, Report } from '../assessment/assessmentTypes';
import type { ConsultationData, PlanAction } from './consultationData';

/**
 * What a priority of the plan can be about: a finding of the report, or a vaccine or screening the
 * report lists as due or to check (an up-to-date one is nothing to plan). Keyed `finding:<id>` or
 * `due:<id>` so that a finding and a due item never share a key.
 */
export interface PlanTopic {
  key: string;
  kind: 'finding' | 'due';
  title: string;
  /** Printed on the patient's copy only when the pharmacist includes it (D33). */
  sensitive: boolean;
  /** The actions of the library that apply to it, in the library's order. */
  actions: PlanAction[];
  finding?: Finding;
  due?: DueItem;
}

function applies(action: PlanAction, topic: { kind: 'finding' | 'due'; id: string; theme: string }): boolean {
  const f = action.for;
  if (f.any) return true;
  if (topic.kind === 'due') return f.due?.includes(topic.id) ?? false;
  return (f.findings?.includes(topic.id) ?? false) || (f.themes?.some((t) => t === topic.theme) ?? false);
}

/** The topics a plan can choose from for one report: its findings, then what is due, each with its actions. */
export function planTopics(report: Report, data: ConsultationData): PlanTopic[] {
  const findings = report.findings.map((finding): PlanTopic => {
    const topic = { kind: 'finding' as const, id: finding.id, theme: finding.theme };
    return {
      key: `finding:${finding.id}`,
      kind: 'finding',
      title: finding.title,
      sensitive: data.sensitive.findings.includes(finding.id) || data.sensitive.themes.includes(finding.theme),
      actions: data.actions.filter((a) => applies(a, topic)),
      finding,
    };
  });
  const due = report.due
    .filter((d) => d.status !== 'upToDate')
    .map((item): PlanTopic => {
      const topic = { kind: 'due' as const, id: item.id, theme: item.theme };
      return {
        key: `due:${item.id}`,
        kind: 'due',
        title: item.title,
        sensitive: false,
        actions: data.actions.filter((a) => applies(a, topic)),
        due: item,
      };
    });
  return [...findings, ...due];
}
