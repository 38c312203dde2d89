import type { Report } from './assessmentTypes';

/** How many priority findings a report holds: the figure the pharmacy dashboard shows per form. */
export function priorityCount(report: Report): number {
  return report.findings.filter((finding) => finding.level === 'priority').length;
}
