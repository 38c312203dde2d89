import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/stubFetch';
import { resetSiteConfigCache, useSiteConfig } from './useSiteConfig';

function Price({ testId }: { testId: string }) {
  const config = useSiteConfig();
  return <p data-testid={testId}>{config?.pricing.standard ?? '…'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSiteConfigCache();
});

/** A part of the page (the banner, the footer) that mounts first and gets the answer. */
async function answerArrived(): Promise<void> {
  render(<Price testId="first" />);
  await vi.waitFor(() => expect(screen.getByTestId('first').textContent).toContain('4,90'));
}

describe('useSiteConfig', () => {
  it('hydrates a prerendered part as the build rendered it even when the answer is already here, then shows it', async () => {
    const calls = stubFetch({ 'GET /api/public/site-config': () => json({ pricing: { standard: 4.9 } }) });
    const html = renderToString(<Price testId="prerendered" />);
    expect(html).toBe('<p data-testid="prerendered">…</p>');
    await answerArrived();

    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const recoverable: unknown[] = [];
    render(<Price testId="prerendered" />, {
      container,
      hydrate: true,
      onRecoverableError: (error) => recoverable.push(error),
    });
    await vi.waitFor(() => expect(screen.getByTestId('prerendered').textContent).toContain('4,90'));
    // React reports a markup that differs from its own render here, and draws the part anew.
    expect(recoverable).toEqual([]);
    expect(calls.filter((call) => call.url === '/api/public/site-config')).toHaveLength(1);
  });

  it('renders the answer at once on a screen mounted after it came', async () => {
    stubFetch({ 'GET /api/public/site-config': () => json({ pricing: { standard: 4.9 } }) });
    await answerArrived();
    render(<Price testId="later" />);
    expect(screen.getByTestId('later').textContent).toContain('4,90');
  });
});
