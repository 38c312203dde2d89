// A new entry is drawn at once and reaches the browser's history once the next frame is painted;
// whatever touches the history meanwhile finds it written first, in order; Back goes where it did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintFirstHistory } from './paintFirstHistory';

/** The browser's own history moves: Back and Forward answer in a task of their own. */
const popped = () =>
  new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));

beforeEach(() => {
  window.history.replaceState(null, '', '/premiere');
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => vi.useRealTimers());

/** The frame painted, then the task queued from it. */
async function paint() {
  vi.advanceTimersToNextFrame();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('paintFirstHistory', () => {
  it('draws a new entry at once and writes it into the browser’s history after the next paint', async () => {
    const history = paintFirstHistory();
    const drawn: string[] = [];
    history.listen(({ action, location }) => drawn.push(`${action} ${location.pathname}${location.search}`));
    const entries = window.history.length;
    history.push({ pathname: '/deuxieme', search: '?from=review' }, { from: 'test' });
    expect(drawn).toEqual(['PUSH /deuxieme?from=review']);
    expect(history.location).toMatchObject({ pathname: '/deuxieme', search: '?from=review', state: { from: 'test' } });
    expect(window.location.pathname).toBe('/premiere');
    await paint();
    expect(window.location.pathname + window.location.search).toBe('/deuxieme?from=review');
    expect(window.history.length).toBe(entries + 1);
    expect(window.history.state).toMatchObject({ usr: { from: 'test' }, key: history.location.key });
    // Written, not drawn again.
    expect(drawn).toEqual(['PUSH /deuxieme?from=review']);
  });

  it('writes the entries not yet written, in order, before a replace or a move the page asks for', async () => {
    const history = paintFirstHistory();
    const drawn: string[] = [];
    history.listen(({ action, location }) => drawn.push(`${action} ${location.pathname}`));
    history.push({ pathname: '/deuxieme' });
    history.push({ pathname: '/troisieme' });
    history.replace({ pathname: '/remplacee' });
    expect(window.location.pathname).toBe('/remplacee');
    const back = popped();
    history.go(-1);
    await back;
    expect(drawn).toEqual(['PUSH /deuxieme', 'PUSH /troisieme', 'REPLACE /remplacee', 'POP /deuxieme']);
    await paint();
    expect(window.location.pathname).toBe('/deuxieme');
  });

  it('draws the page the browser’s Back goes to', async () => {
    const history = paintFirstHistory();
    const drawn: string[] = [];
    history.listen(({ action, location }) => drawn.push(`${action} ${location.pathname}`));
    history.push({ pathname: '/deuxieme' });
    await paint();
    const back = popped();
    window.history.back();
    await back;
    expect(drawn).toEqual(['PUSH /deuxieme', 'POP /premiere']);
    expect(history.location.pathname).toBe('/premiere');
  });
});
