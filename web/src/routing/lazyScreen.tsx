import { lazy, useState, type ComponentType } from 'react';

/** A screen whose code is its own chunk, fetched on first use or ahead of it (`preload`). */
export interface LazyScreen {
  (): React.JSX.Element;
  /** Fetches the screen's code now: the build's prerendered pages are taken over once it is here. */
  preload(): Promise<void>;
  /**
   * Fetches the screen's code quietly, ahead of a screen the person may open next: no
   * « Chargement… » is announced for it (they are not waiting), and a failure is forgotten.
   */
  prefetch(): void;
  /** Whether the code is here: the screen then renders at once, without suspending. */
  ready(): boolean;
}

// The screens' code being fetched: while any is, the patient pages show "Chargement…" (PatientLayout).
const pending = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const screenLoads = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  busy: (): boolean => pending.size > 0,
};

/** A download someone waits for: « Chargement… » shows until it ends. */
function announced(request: Promise<unknown>): void {
  if (pending.has(request)) return;
  pending.add(request);
  changed();
  void request
    .finally(() => {
      pending.delete(request);
      changed();
    })
    .catch(() => undefined);
}

/**
 * A route's screen loaded on demand. A navigation to it while its code is on its way is a
 * transition (routing/AppRouter.tsx), so the screen on display stays until the new one's code is
 * here, under the loading bar; once loaded, the screen renders at once. A chunk that fails to
 * download is asked again on the next use.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const fetchCode = (announce = true) => {
    if (!loading) {
      const request = load().then(
        (component) => (loaded = component),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      loading = request;
      if (announce) announced(request);
    } else if (announce && !loaded) announced(loading);
    return loading;
  };
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount
    // the screen and lose what the person typed.
    const [Component] = useState(() => loaded ?? lazy(async () => ({ default: await fetchCode() })));
    return <Component />;
  }
  Screen.preload = async () => {
    await fetchCode();
  };
  Screen.prefetch = () => {
    fetchCode(false).catch(() => undefined);
  };
  Screen.ready = () => loaded !== null;
  return Screen;
}
