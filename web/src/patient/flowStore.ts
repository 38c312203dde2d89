import { useSyncExternalStore } from 'react';
import type { Answers, BandCode, SectionAnswers } from '@bilan/engine';
import type { PatientAndForm } from '../api/patientApi';
import { isBand } from './bandOfPart';

/** What the demo's entry page asked: where to send the PDFs, and the band chosen. */
export interface DemoEntry {
  email: string;
  band: BandCode;
}

/** The real flow's patient, as much as this browser needs: whose token (never a name: D31), which definition. */
export interface FlowPatient {
  token: string;
  /** The civility chosen at registration: it answers the questionnaire's sex question first (issue 34). */
  civility?: string;
  definition: { id: string; version: string } | null;
}

export interface FlowState {
  /** Which flow filled the answers: the summary and submission screens read either. */
  flow: 'demo' | 'real' | null;
  band: BandCode | null;
  /** Answers as saved: on the server (real flow) or by "Suivant" (demo). The review page shows these. */
  answers: Answers;
  /** Per section, what a page shows but nobody saved yet (typing, "Précédent", the Back button). */
  drafts: Answers;
  /** Section keys saved (real flow: on the server). */
  savedSections: string[];
  demoEntry: DemoEntry | null;
  patient: FlowPatient | null;
  /**
   * D23: whether the person in front of the screen said the real flow is theirs. A form reloaded
   * from the server, or left idle, is `unconfirmed` until they answer "Oui, c'est moi".
   */
  identity: 'confirmed' | 'unconfirmed';
  /** The flow came back from the server after a reload: the next page says where it resumed. */
  resumed: boolean;
}

const empty: FlowState = {
  flow: null,
  band: null,
  answers: {},
  drafts: {},
  savedSections: [],
  demoEntry: null,
  patient: null,
  identity: 'confirmed',
  resumed: false,
};
let state: FlowState = empty;
const listeners = new Set<() => void>();

function set(next: FlowState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The answers of the flow in progress, in memory only (D13: the demo never stores them; the
 * real flow keeps its copy on the server and reloads it from GET /api/utilisateur/me). Nothing
 * here is written to storage, router state or the address.
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
    set({ ...empty, flow: 'demo', band: entry.band, demoEntry: entry });
  },
  /** The demo's address corrected (its start, its review): the answers stay. */
  setDemoEmail(email: string): void {
    if (state.flow === 'demo' && state.demoEntry)
      set({ ...state, demoEntry: { ...state.demoEntry, email: email.trim() } });
  },
  /** A patient who has just registered: the flow is theirs. */
  startReal(band: BandCode, patient: FlowPatient): void {
    set({ ...empty, flow: 'real', band, patient });
  },
  /** The real flow as the server keeps it, not yet confirmed as this person's; the band, or null for a band we do not know. */
  resume(
    form: Pick<PatientAndForm, 'ageGroup' | 'reponses' | 'savedPages' | 'definition' | 'civilite'>,
    token: string,
  ): BandCode | null {
    if (!isBand(form.ageGroup)) return null;
    set({
      ...empty,
      flow: 'real',
      band: form.ageGroup,
      answers: form.reponses ?? {},
      savedSections: form.savedPages ?? [],
      patient: { token, civility: form.civilite, definition: form.definition ?? null },
      identity: 'unconfirmed',
      resumed: true,
    });
    return form.ageGroup;
  },
  /** A section saved: its draft is gone, the "resumed" note has been read. */
  saveSection(section: string, sectionAnswers: SectionAnswers): void {
    const savedSections = state.savedSections.includes(section)
      ? state.savedSections
      : [...state.savedSections, section];
    const { [section]: _saved, ...drafts } = state.drafts;
    set({ ...state, answers: { ...state.answers, [section]: sectionAnswers }, drafts, savedSections, resumed: false });
  },
  /**
   * The server stored a section (the save queue): its normalized copy replaces the one sent. The
   * drafts are left alone: the person may be on that page again, typing.
   */
  confirmSection(section: string, sectionAnswers: SectionAnswers): void {
    if (state.flow !== 'real') return;
    set({ ...state, answers: { ...state.answers, [section]: sectionAnswers } });
  },
  /** The server refused a section for good: the page is to be validated again, with what it held. */
  refuseSection(section: string, sectionAnswers: SectionAnswers): void {
    if (state.flow !== 'real') return;
    set({
      ...state,
      savedSections: state.savedSections.filter((s) => s !== section),
      drafts: { [section]: sectionAnswers, ...state.drafts },
    });
  },
  /** What a page shows while it is being filled in, kept when the person goes back and forth. */
  setDraft(section: string, sectionAnswers: SectionAnswers): void {
    if (state.flow === null) return;
    set({ ...state, drafts: { ...state.drafts, [section]: sectionAnswers } });
  },
  /** The resume note was read (the person moved on). */
  clearResumed(): void {
    if (state.resumed) set({ ...state, resumed: false });
  },
  confirmIdentity(): void {
    if (state.identity !== 'confirmed') set({ ...state, identity: 'confirmed' });
  },
  /** Idle, or the page was left: the next screen asks again whose questionnaire this is. */
  askIdentity(): void {
    if (state.flow === 'real' && state.identity !== 'unconfirmed') set({ ...state, identity: 'unconfirmed' });
  },
  reset(): void {
    set(empty);
  },
};

/** What the pages show: the saved answers with the unsaved drafts over them. */
export function shownAnswers(flow: Pick<FlowState, 'answers' | 'drafts'>): Answers {
  return { ...flow.answers, ...flow.drafts };
}

export function useFlowState(): FlowState {
  return useSyncExternalStore(flowStore.subscribe, flowStore.get, flowStore.get);
}
