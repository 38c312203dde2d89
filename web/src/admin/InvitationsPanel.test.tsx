import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { json, stubFetch } from '../test/stubFetch';
import { renderRoutes } from '../test/renderRoutes';
import { InvitationsPanel, parseTtlDays } from './InvitationsPanel';

const admin = { id: 1, name: 'admin', nom: 'Administration', email: 'admin@x.fr', role: 'admin' };

function renderPanel(onChange = () => undefined) {
  return renderRoutes([{ path: '/', element: <InvitationsPanel revision={0} onChange={onChange} /> }], ['/']);
}

beforeEach(() => {
  localStorage.setItem('client', JSON.stringify(admin));
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('parseTtlDays', () => {
  it('falls back to 7 when not numeric and keeps at least 1', () => {
    expect(parseTtlDays('abc')).toBe(7);
    expect(parseTtlDays('')).toBe(7);
    expect(parseTtlDays('0')).toBe(1);
    expect(parseTtlDays('-3')).toBe(1);
    expect(parseTtlDays('30')).toBe(30);
  });
});

describe('InvitationsPanel', () => {
  it('creates an invitation with 7 days when the duration is not a number, and copies its link', async () => {
    const calls = stubFetch({
      'GET /api/admin/invitations': () => json([]),
      'POST /api/admin/invitations': () =>
        json(
          {
            id: 5,
            email: 'new@x.fr',
            expiresAt: '2026-12-01T00:00:00.000Z',
            usedAt: null,
            status: 'active',
            createdAt: '2026-11-24T00:00:00.000Z',
            token: 'tok',
            registerLink: 'http://x/register#invite=tok',
          },
          201,
        ),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onChange = vi.fn();
    renderPanel(onChange);
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'New@X.fr ');
    await userEvent.clear(screen.getByLabelText(/Durée de validité/));
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’invitation' }));
    expect(await screen.findByText('http://x/register#invite=tok')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@x.fr', ttlDays: 7 });
    expect(onChange).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith('http://x/register#invite=tok');
    expect(await screen.findByText('Lien copié dans le presse-papiers')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de copier. Copie manuelle nécessaire.');
  });

  it('shows the creation error, and changes nothing', async () => {
    stubFetch({ 'POST /api/admin/invitations': () => json({ code: 'x', message: 'x' }, 500) });
    const onChange = vi.fn();
    renderPanel(onChange);
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’invitation' }));
    expect(await screen.findByText('Erreur lors de la création de l’invitation.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says the access is refused when the server refuses the admin', async () => {
    stubFetch({ 'POST /api/admin/invitations': () => json({ code: 'forbidden', message: 'Accès interdit.' }, 403) });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Accès refusé ou erreur serveur.');
  });

  it('shows how many invitations wait, and sends one again by e-mail', async () => {
    const invitations = [
      {
        id: 3,
        email: 'attente@pharma.fr',
        expiresAt: '2026-12-01T10:00:00.000Z',
        usedAt: null,
        status: 'active',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        id: 2,
        email: 'vieille@pharma.fr',
        expiresAt: '2026-11-01T10:00:00.000Z',
        usedAt: null,
        status: 'expired',
        createdAt: '2026-10-20T10:00:00.000Z',
      },
      {
        id: 1,
        email: 'faite@pharma.fr',
        expiresAt: '2026-11-01T10:00:00.000Z',
        usedAt: '2026-10-21T10:00:00.000Z',
        status: 'used',
        createdAt: '2026-10-20T10:00:00.000Z',
      },
    ];
    const calls = stubFetch({
      'GET /api/admin/invitations': () => json(invitations),
      'POST /api/admin/invitations/2/resend': () =>
        json({ ...invitations[1], status: 'active', expiresAt: '2026-11-30T10:00:00.000Z', emailed: true }),
    });
    const onChange = vi.fn();
    renderPanel(onChange);
    expect(await screen.findByText('(1 en attente)')).toBeInTheDocument();
    expect(screen.getByText('En attente')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Renvoyer l’invitation/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /^Renvoyer l’invitation ?à vieille@pharma\.fr$/ }));
    expect(
      await screen.findByText('Invitation renvoyée à vieille@pharma.fr, valable jusqu’au 30 novembre 2026.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/invitations/2/resend')).toMatchObject({
      method: 'POST',
      auth: null,
      client: 'web',
    });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('says why an invitation cannot be sent again', async () => {
    stubFetch({
      'GET /api/admin/invitations': () =>
        json([
          {
            id: 2,
            email: 'x@pharma.fr',
            expiresAt: '2026-11-01T10:00:00.000Z',
            usedAt: null,
            status: 'expired',
            createdAt: '2026-10-20T10:00:00.000Z',
          },
        ]),
      'POST /api/admin/invitations/2/resend': () =>
        json({ code: 'invitation_used', message: 'Cette invitation a déjà servi à ouvrir un compte.' }, 409),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: /^Renvoyer l’invitation/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette invitation a déjà servi à ouvrir un compte.');
  });

  it('shows an empty list when the invitations cannot be read, without a message', async () => {
    stubFetch({ 'GET /api/admin/invitations': () => json({ code: 'x', message: 'x' }, 500) });
    renderPanel();
    expect(await screen.findByText('Aucune invitation.')).toBeInTheDocument();
    expect(screen.getByText('(aucune en attente)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
