import { useSyncExternalStore } from 'react';
import type { Answers, BandCode, SectionAnswers } from '@bilan/engine';
import type { PatientAndForm } from '../api/patientApi';
import { isBand } from './bandOfPart';

/** What the demo's entry page asked: where to send the PDFs, and the band chosen. */
export interface DemoEntry {
  email: string;
  band: BandCode;
}

export interface FlowState {
  /** Which flow filled the answers: the summary and submission screens read either. */
  flow: 'demo' | 'real' | null;
  band: BandCode | null;
  answers: Answers;
  /** Section keys already saved on the server (real flow). */
  savedSections: string[];
  demoEntry: DemoEntry | null;
}

const empty: FlowState = { flow: null, band: null, answers: {}, savedSections: [], demoEntry: null };
let state: FlowState = empty;
const listeners = new Set<() => void>();

function set(next: FlowState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The answers of the flow in progress, in memory only (D13: the demo never stores them; the
 * real flow keeps its copy on the server and reloads it from GET /api/utilisateur/me).
 */
export const flowStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): FlowState {
    return state;
  },
  startDemo(entry: DemoEntry): void {
    set({ flow: 'demo', band: entry.band, answers: {}, savedSections: [], demoEntry: entry });
  },
  startReal(band: BandCode, answers: Answers = {}, savedSections: string[] = []): void {
    set({ flow: 'real', band, answers, savedSections, demoEntry: null });
  },
  /** The real flow as the server keeps it; the band, or null when the server names no band we know. */
  resume(form: Pick<PatientAndForm, 'ageGroup' | 'reponses' | 'savedPages'>): BandCode | null {
    if (!isBand(form.ageGroup)) return null;
    flowStore.startReal(form.ageGroup, form.reponses ?? {}, form.savedPages ?? []);
    return form.ageGroup;
  },
  saveSection(section: string, sectionAnswers: SectionAnswers): void {
    const savedSections = state.savedSections.includes(section) ? state.savedSections : [...state.savedSections, section];
    set({ ...state, answers: { ...state.answers, [section]: sectionAnswers }, savedSections });
  },
  reset(): void {
    set(empty);
  },
};

export function useFlowState(): FlowState {
  return useSyncExternalStore(flowStore.subscribe, flowStore.get, flowStore.get);
}
