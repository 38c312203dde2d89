import type { PlanContent } from '@bilan/engine';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../api/client';
import { pharmacyApi } from './pharmacyApi';
import { PLAN_SAVE_PAUSE_MS } from './planSavePause';

/** Where the typing stands, as the consultation's screen says it. */
export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'conflict' }
  | { kind: 'refused'; message: string };

/** Retries after a lost connection wait 2 s, then twice as long each time, up to 30 s. */
const RETRY_MS = [2000, 4000, 8000, 16000, 30000];

/**
 * The unsaved typing of one plan kept in this tab (sessionStorage: it dies with the tab), so that a
 * reload or a lost connection loses nothing: the content and the revision it was typed on.
 */
const draftKey = (formId: number) => `bilan-plan-draft-${formId}`;
interface Draft {
  revision: number;
  content: PlanContent;
}
export function storedDraft(formId: number): Draft | null {
  try {
    const raw = sessionStorage.getItem(draftKey(formId));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/**
 * Saves a plan as typed (D33): after a pause in typing, one save at a time, with the revision it
 * read. A lost connection retries with a growing wait (and at once when the device is back
 * online); a refusal because another tablet saved first stops and says so, keeping the typing; a
 * plan the server refuses says why and waits for the next change.
 */
class PlanSaver {
  content: PlanContent;
  status: SaveStatus;
  private revision: number;
  private dirty: boolean;
  private stopped = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly formId: number,
    initial: { revision: number; content: PlanContent; dirty: boolean },
  ) {
    this.content = initial.content;
    this.revision = initial.revision;
    this.dirty = initial.dirty;
    this.status = initial.dirty ? { kind: 'saving' } : { kind: 'saved' };
    this.state = { content: this.content, status: this.status };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A snapshot that changes whenever the content or the status does. */
  snapshot = () => this.state;
  private state: { content: PlanContent; status: SaveStatus };

  private emit(): void {
    this.state = { content: this.content, status: this.status };
    for (const listener of this.listeners) listener();
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.emit();
  }

  private keepDraft(): void {
    sessionStorage.setItem(draftKey(this.formId), JSON.stringify({ revision: this.revision, content: this.content }));
  }

  set(next: PlanContent): void {
    this.content = next;
    this.dirty = true;
    this.keepDraft();
    this.emit();
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), PLAN_SAVE_PAUSE_MS);
  }

  async save(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (!this.dirty || this.stopped) return;
    const sending = this.content;
    this.setStatus({ kind: 'saving' });
    let ok = false;
    this.inFlight = (async () => {
      try {
        const saved = await pharmacyApi.savePlan(this.formId, this.revision, sending);
        this.revision = saved.revision;
        this.attempt = 0;
        ok = true;
        if (this.content === sending) {
          this.dirty = false;
          sessionStorage.removeItem(draftKey(this.formId));
          this.setStatus({ kind: 'saved' });
        } else this.keepDraft();
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          this.stopped = true;
          this.setStatus({ kind: 'conflict' });
        } else if (err instanceof ApiError && err.status === 400) {
          this.dirty = false;
          this.setStatus({ kind: 'refused', message: err.message });
        } else {
          // Offline, or the server down: the typing is kept in this tab and sent again later.
          this.setStatus({ kind: 'offline' });
          const wait = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)] ?? 30000;
          this.attempt += 1;
          clearTimeout(this.timer);
          this.timer = setTimeout(() => void this.save(), wait);
        }
      } finally {
        this.inFlight = null;
      }
    })();
    await this.inFlight;
    // Typing that came in while this save was on its way (a failed save retries on its timer).
    if (ok && this.dirty && !this.stopped) await this.save();
  }

  /** Saves now; resolves with the revision saved and whether everything typed is saved. */
  async flush(): Promise<{ revision: number; saved: boolean }> {
    clearTimeout(this.timer);
    await this.save();
    return { revision: this.revision, saved: !this.dirty };
  }

  /** After a conflict: take the server's revision, and either save the typing over it or take its content. */
  resolve(server: { revision: number; content: PlanContent }, keepMine: boolean): void {
    this.revision = server.revision;
    this.stopped = false;
    this.attempt = 0;
    if (keepMine) {
      this.dirty = true;
      void this.save();
      return;
    }
    this.content = server.content;
    this.dirty = false;
    sessionStorage.removeItem(draftKey(this.formId));
    this.setStatus({ kind: 'saved' });
  }

  online = () => {
    this.attempt = 0;
    void this.save();
  };

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** The consultation's plan saver for one form, kept for the life of the screen. */
export function usePlanSaver(formId: number, initial: { revision: number; content: PlanContent; dirty: boolean }) {
  const [saver] = useState(() => new PlanSaver(formId, initial));
  const { content, status } = useSyncExternalStore(saver.subscribe, saver.snapshot);
  useEffect(() => {
    window.addEventListener('online', saver.online);
    void saver.save();
    return () => {
      window.removeEventListener('online', saver.online);
      saver.stop();
    };
  }, [saver]);
  return {
    content,
    status,
    setContent: (next: PlanContent) => saver.set(next),
    flush: () => saver.flush(),
    resolveConflict: (server: { revision: number; content: PlanContent }, keepMine: boolean) =>
      saver.resolve(server, keepMine),
  };
}
