import {
  NavigationType,
  parsePath,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
} from 'react-router-dom';
import { afterNextPaint } from '../ui/afterNextPaint';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Update = Parameters<Parameters<BrowserHistory['listen']>[0]>[0];

/**
 * react-router's browser history, but a new entry reaches the browser's own history (the address
 * bar, its Back button) once the next screen is painted: history.pushState took 10-50 ms of a
 * « Suivant » on a phone 4× slower before the next page could be drawn (issue 44). The screen
 * is drawn from the new entry at once. An entry not yet written is written before anything else
 * changes the history (a replace, Back or Forward asked by a screen), in order; the browser's own
 * Back in that frame goes back from the page before it, which that entry then leaves.
 */
export function paintFirstHistory(browser: BrowserHistory = createBrowserHistory({ v5Compat: true })): BrowserHistory {
  let action = browser.action;
  let location = browser.location;
  let listener: ((update: Update) => void) | null = null;
  let unwritten: Location[] = [];
  let cancelWrite: (() => void) | null = null;
  let writing = false;

  const draw = (update: Update) => {
    action = update.action;
    location = update.location;
    listener?.(update);
  };
  const write = () => {
    cancelWrite?.();
    cancelWrite = null;
    const entries = unwritten;
    unwritten = [];
    writing = true;
    try {
      for (const entry of entries) browser.push(entry, entry.state);
    } finally {
      writing = false;
    }
  };
  browser.listen((update) => {
    // An entry written now was drawn when it was pushed.
    if (writing) return;
    if (update.action === 'POP') {
      cancelWrite?.();
      cancelWrite = null;
      unwritten = [];
    }
    draw(update);
  });

  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    listen(fn) {
      listener = fn;
      return () => {
        if (listener === fn) listener = null;
      };
    },
    createHref: (to) => browser.createHref(to),
    createURL: (to) => browser.createURL(to),
    encodeLocation: (to) => browser.encodeLocation(to),
    push(to, state) {
      // As react-router makes an entry (its createLocation): the address, the state, a new key.
      const path = typeof to === 'string' ? parsePath(to) : to;
      const entry: Location = {
        pathname: location.pathname,
        search: '',
        hash: '',
        ...path,
        state: state ?? null,
        key: ('key' in path && typeof path.key === 'string' && path.key) || Math.random().toString(36).substring(2, 10),
      };
      unwritten.push(entry);
      cancelWrite ??= afterNextPaint(write);
      draw({ action: NavigationType.Push, location: entry, delta: 1 });
    },
    replace(to, state) {
      write();
      browser.replace(to, state);
    },
    go(delta) {
      write();
      browser.go(delta);
    },
  };
}
