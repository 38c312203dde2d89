// Arriving on a page: the top at once (no smooth scroll a slow phone spends a second on) and the
// focus on the new page's heading, so a screen reader reads the new page from its title.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageFocus } from './usePageFocus';

function Page({ title }: { title: string }) {
  const heading = usePageFocus<HTMLHeadingElement>(title);
  return (
    <main>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <button type="submit">Suivant</button>
    </main>
  );
}

describe('usePageFocus', () => {
  afterEach(() => vi.restoreAllMocks());

  it('jumps to the top instantly and focuses the heading of each new page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const view = render(<Page title="Vos antécédents" />);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(screen.getByRole('heading', { name: 'Vos antécédents' })).toHaveFocus();

    screen.getByRole('button', { name: 'Suivant' }).focus();
    view.rerender(<Page title="Vos traitements" />);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(screen.getByRole('heading', { name: 'Vos traitements' })).toHaveFocus();
  });
});
