import type { Source, Theme } from '../assessment/assessmentTypes';

/** One action of the library (definitions/consultation.json): what it says, what it applies to, its source. */
export interface PlanAction {
  id: string;
  label: string;
  /** The topics it applies to: finding ids, finding themes, due item ids, or every topic. */
  for: { findings?: string[]; themes?: Theme[]; due?: string[]; any?: boolean };
  source: Pick<Source, 'body' | 'document' | 'date'> & { url?: string };
}

/** The consultation's data: the action library and what the patient's copy leaves out unless included. */
export interface ConsultationData {
  sensitive: { findings: string[]; themes: Theme[] };
  actions: PlanAction[];
}

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * definitions/consultation.json read as data: a JSON import is only strings to the compiler, and a
 * misspelt action must stop the server at start, not reach a plan. Throws naming what is wrong.
 */
export function parseConsultationData(value: unknown): ConsultationData {
  const data = value as ConsultationData;
  const fail = (what: string) => {
    throw new Error(`consultation.json\u00a0: ${what}`);
  };
  if (
    !Array.isArray(data?.actions) ||
    !Array.isArray(data.sensitive?.findings) ||
    !Array.isArray(data.sensitive.themes)
  )
    fail('actions et sensitive attendus');
  const seen = new Set<string>();
  for (const action of data.actions) {
    if (!ID.test(action.id)) fail(`identifiant d’action invalide «\u00a0${String(action.id)}\u00a0»`);
    if (seen.has(action.id)) fail(`action ${action.id} en double`);
    seen.add(action.id);
    if (typeof action.label !== 'string' || action.label.length === 0 || action.label.length > 300)
      fail(`${action.id}\u00a0: libellé manquant ou trop long`);
    const f = action.for ?? {};
    if (!f.any && !f.findings?.length && !f.themes?.length && !f.due?.length)
      fail(`${action.id}\u00a0: «\u00a0for\u00a0» ne nomme aucun sujet`);
    if (!action.source?.body || !action.source.document || !action.source.date)
      fail(`${action.id}\u00a0: source incomplète`);
  }
  return data;
}
