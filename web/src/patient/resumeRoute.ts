import type { PatientRecord } from '../api/patientApi';
import { flowStore } from './flowStore';
import { isBand } from './bandOfPart';

/**
 * D13: where a returning patient with a live token goes back to: the first page of their
 * questionnaire not yet saved (the last one when all are saved but not sent). The registry is
 * imported here, on demand, so the registration page's first load does not carry it.
 */
export async function resumeRoute(clientName: string, record: PatientRecord): Promise<string | null> {
  if (!isBand(record.ageGroup) || record.status !== 'in_progress') return null;
  const { registry } = await import('../questionnaire/registry');
  const definition = registry.find(record.definition.id, record.definition.version) ?? registry.latest(record.ageGroup);
  flowStore.startReal(record.ageGroup, record.reponses ?? {}, record.savedPages ?? []);
  const pending = definition.pages.find((p) => !record.savedPages.includes(p.section)) ?? definition.pages.at(-1);
  if (!pending) return null;
  return `/${encodeURIComponent(clientName)}/parts${record.ageGroup}/${pending.route}`;
}
