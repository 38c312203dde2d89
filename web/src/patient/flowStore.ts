import { useSyncExternalStore } from 'react';
import type { Answers, BandCode, SectionAnswers } from '@bilan/engine';

export interface DemoUserForm {
  email: string;
  ageGroup: BandCode;
}

export interface FlowState {
  /** Which flow filled the answers: the summary and submission screens read either. */
  flow: 'demo' | 'real' | null;
  ageGroup: BandCode | null;
  answers: Answers;
  /** Section keys already saved on the server (real flow). */
  savedPages: string[];
  userForm: DemoUserForm | null;
}

const empty: FlowState = { flow: null, ageGroup: null, answers: {}, savedPages: [], userForm: null };
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
  startDemo(userForm: DemoUserForm): void {
    set({ flow: 'demo', ageGroup: userForm.ageGroup, answers: {}, savedPages: [], userForm });
  },
  startReal(ageGroup: BandCode, answers: Answers = {}, savedPages: string[] = []): void {
    set({ flow: 'real', ageGroup, answers, savedPages, userForm: null });
  },
  saveSection(section: string, sectionAnswers: SectionAnswers): void {
    const savedPages = state.savedPages.includes(section) ? state.savedPages : [...state.savedPages, section];
    set({ ...state, answers: { ...state.answers, [section]: sectionAnswers }, savedPages });
  },
  reset(): void {
    set(empty);
  },
};

export function useFlowState(): FlowState {
  return useSyncExternalStore(flowStore.subscribe, flowStore.get, flowStore.get);
}
