import { loadDefinition } from '../questionnaire/versions';
import type { FlowState } from './flowStore';

/**
 * D13: where a returning patient goes back to: the first page of their questionnaire not yet
 * saved, or the review page when every page is saved but not sent. Only that questionnaire's
 * version is downloaded, on demand: the registration page's first load does not carry it.
 */
export async function resumeRoute(
  pharmacyName: string,
  flow: Pick<FlowState, 'flow' | 'band' | 'patient' | 'savedSections'>,
): Promise<string | null> {
  if (flow.flow !== 'real' || !flow.band) return null;
  const definition = await loadDefinition(flow.band, flow.patient?.definition);
  const base = `/${encodeURIComponent(pharmacyName)}/parts${flow.band}`;
  const pending = definition.pages.find((p) => !flow.savedSections.includes(p.section));
  return pending ? `${base}/${pending.route}` : `${base}/summary`;
}
