// A route's screen loaded on demand: the loading bar's state, a preload that makes the first render
// immediate, a failed download asked again, and no remount once the code is here.
import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, screenLoads } from './lazyScreen';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`compte ${count}`}
    </button>
  );
}

describe('lazyScreen', () => {
  it('says it is loading until its code is here, then shows the screen, which keeps its state when re-rendered', async () => {
    const code = deferred<typeof Counter>();
    const Screen = lazyScreen(() => code.promise);
    const view = render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    expect(screenLoads.busy()).toBe(true);
    await act(async () => code.resolve(Counter));
    expect(screenLoads.busy()).toBe(false);
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('compte 1');
    view.rerender(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('compte 1');
  });

  it('renders at once after a preload, without a fallback', async () => {
    const Screen = lazyScreen(async () => Counter);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('compte 0');
  });

  it('prefetches quietly: no loading announced, then the screen renders at once', async () => {
    const code = deferred<typeof Counter>();
    const Screen = lazyScreen(() => code.promise);
    Screen.prefetch();
    expect(screenLoads.busy()).toBe(false);
    await act(async () => code.resolve(Counter));
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('compte 0');
  });

  it('announces a prefetch still under way once the screen is opened', async () => {
    const code = deferred<typeof Counter>();
    const Screen = lazyScreen(() => code.promise);
    Screen.prefetch();
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screenLoads.busy()).toBe(true);
    await act(async () => code.resolve(Counter));
    expect(screenLoads.busy()).toBe(false);
    expect(screen.getByRole('button')).toHaveTextContent('compte 0');
  });

  it('asks again for code whose download failed', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('réseau coupé');
      return Counter;
    });
    await expect(Screen.preload()).rejects.toThrow('réseau coupé');
    expect(screenLoads.busy()).toBe(false);
    await Screen.preload();
    expect(attempts).toBe(2);
  });
});
