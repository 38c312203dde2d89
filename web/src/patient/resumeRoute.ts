import type { PatientAndForm } from '../api/patientApi';
import { flowStore } from './flowStore';

/**
 * D13: where a returning patient with a live token goes back to: the first page of their
 * questionnaire not yet saved (the last one when all are saved but not sent). The registry is
 * imported here, on demand, so the registration page's first load does not carry it.
 */
export async function resumeRoute(pharmacyName: string, form: PatientAndForm): Promise<string | null> {
  if (form.status !== 'in_progress') return null;
  const band = flowStore.resume(form);
  if (!band) return null;
  const { registry } = await import('../questionnaire/registry');
  const definition = registry.find(form.definition.id, form.definition.version) ?? registry.latest(band);
  const pending = definition.pages.find((p) => !form.savedPages.includes(p.section)) ?? definition.pages.at(-1);
  if (!pending) return null;
  return `/${encodeURIComponent(pharmacyName)}/parts${band}/${pending.route}`;
}
