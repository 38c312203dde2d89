import type { Definition } from '@bilan/engine';
import { registry } from '../questionnaire/registry';
import type { FlowState } from './flowStore';

/** The definition a real flow was given in (D5), or the band's newest for a form just created. */
export function definitionOf(flow: Pick<FlowState, 'band' | 'patient'>): Definition | null {
  if (!flow.band) return null;
  const ref = flow.patient?.definition;
  return (ref && registry.find(ref.id, ref.version)) || registry.latest(flow.band);
}
