// A screen's title is written once the next frame is painted: a « Suivant » writes only the next
// page's, never the one the page left gives back in between, and leaves alone a title that a
// screen without this hook wrote meanwhile.
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageTitle } from './usePageTitle';

function Titled({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

function paint() {
  vi.runAllTimers();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
  document.title = 'Bilan Prévention';
});
afterEach(() => vi.useRealTimers());

describe('usePageTitle', () => {
  it('writes the next page’s title once the frame is painted, and only that one', () => {
    const view = render(<Titled key="1" title="Étape 1" />);
    paint();
    expect(document.title).toBe('Étape 1 – Bilan Prévention');
    const written = vi.spyOn(document, 'title', 'set');
    view.rerender(<Titled key="2" title="Étape 2" />);
    expect(document.title).toBe('Étape 1 – Bilan Prévention');
    paint();
    expect(document.title).toBe('Étape 2 – Bilan Prévention');
    expect(written.mock.calls).toEqual([['Étape 2 – Bilan Prévention']]);
    view.unmount();
    paint();
    expect(document.title).toBe('Bilan Prévention');
  });

  it('leaves the title another screen wrote in the meantime', () => {
    const view = render(<Titled title="Étape 1" />);
    paint();
    view.unmount();
    document.title = 'Mentions légales | Bilan Prévention';
    paint();
    expect(document.title).toBe('Mentions légales | Bilan Prévention');
  });
});
