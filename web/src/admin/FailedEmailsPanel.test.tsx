import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/stubFetch';
import { FailedEmailsPanel } from './FailedEmailsPanel';

afterEach(() => vi.unstubAllGlobals());

describe('FailedEmailsPanel', () => {
  it('lists the e-mails the queue gave up on, with the date in Paris time', async () => {
    const calls = stubFetch({
      'GET /api/admin/emails/failed': () =>
        json([
          {
            id: 4,
            to: 'patient@x.fr',
            subject: 'Votre bilan de prévention',
            attempts: 5,
            lastError: '550 mailbox unavailable',
            createdAt: '2026-11-22T13:05:00.000Z',
          },
          {
            id: 5,
            to: 'p@x.fr',
            subject: 'Invitation',
            attempts: 5,
            lastError: null,
            createdAt: '2026-11-23T09:00:00.000Z',
          },
        ]),
    });
    render(<FailedEmailsPanel revision={0} />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['22/11/2026 14:05', 'patient@x.fr', 'Votre bilan de prévention', '5', '550 mailbox unavailable']);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('—');
    expect(calls[0]).toMatchObject({ url: '/api/admin/emails/failed', auth: null, client: 'web' });
  });

  it('says when there is none, and when the list cannot be read', async () => {
    stubFetch({ 'GET /api/admin/emails/failed': () => json({ code: 'x', message: 'x' }, 500) });
    render(<FailedEmailsPanel revision={0} />);
    expect(await screen.findByText('Aucun e-mail en échec définitif.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads the list again when the revision changes', async () => {
    let answer: unknown[] = [];
    const calls = stubFetch({ 'GET /api/admin/emails/failed': () => json(answer) });
    const { rerender } = render(<FailedEmailsPanel revision={0} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    answer = [
      {
        id: 6,
        to: 'x@x.fr',
        subject: 'Objet',
        attempts: 5,
        lastError: 'timeout',
        createdAt: '2026-11-23T09:00:00.000Z',
      },
    ];
    rerender(<FailedEmailsPanel revision={1} />);
    expect(await screen.findByRole('cell', { name: 'timeout' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
