import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { json, stubFetch } from '../test/stubFetch';
import { renderRoutes } from '../test/renderRoutes';
import { AdminDashboardPage } from './AdminDashboardPage';

const admin = { id: 1, name: 'admin', nom: 'Administration', email: 'admin@x.fr', role: 'admin' };

function renderAdmin() {
  return renderRoutes(
    [
      { path: '/admin/dashboard', Component: AdminDashboardPage },
      { path: '/login', element: <p>login page</p> },
      { path: '/:pharmacyName/dashboard', element: <p>pharmacy page</p> },
    ],
    ['/admin/dashboard'],
  );
}

beforeEach(() => {
  localStorage.setItem('client', JSON.stringify(admin));
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
  localStorage.clear();
});

describe('AdminDashboardPage', () => {
  it('sends a pharmacist to its own dashboard', async () => {
    localStorage.setItem('client', JSON.stringify({ ...admin, role: 'pharmacy', name: 'pharma-centre' }));
    renderAdmin();
    expect(await screen.findByText('pharmacy page')).toBeInTheDocument();
  });

  it('sends a visitor without a session to the login', async () => {
    localStorage.clear();
    const calls = stubFetch({});
    renderAdmin();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows its three panels under the admin’s e-mail, each reading its own data', async () => {
    const calls = stubFetch({
      'GET /api/admin/stats/pharmacies': () => json([]),
      'GET /api/admin/invitations': () => json([]),
      'GET /api/admin/emails/failed': () => json([]),
    });
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByText('admin@x.fr')).toBeInTheDocument();
    for (const name of ['Inviter une pharmacie', 'Statistiques mensuelles', 'E-mails non distribués'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(await screen.findByText('Aucune pharmacie.')).toBeInTheDocument();
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/admin/emails/failed',
      '/api/admin/invitations',
      '/api/admin/stats/pharmacies',
    ]);
    // The session is the cookie the browser sends; the calls say they are the web app's.
    expect(calls.every((c) => c.auth === null && c.client === 'web')).toBe(true);
  });

  it('reads every panel again once an invitation is created (its e-mail may fail)', async () => {
    const calls = stubFetch({
      'GET /api/admin/stats/pharmacies': () => json([]),
      'GET /api/admin/invitations': () => json([]),
      'GET /api/admin/emails/failed': () => json([]),
      'POST /api/admin/invitations': () =>
        json(
          {
            id: 5,
            email: null,
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
    renderAdmin();
    await screen.findByText('Aucune pharmacie.');
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’invitation' }));
    await screen.findByText('http://x/register#invite=tok');
    const reads = (url: string) => calls.filter((c) => c.method === 'GET' && c.url === url).length;
    await vi.waitFor(() => {
      expect(reads('/api/admin/invitations')).toBe(2);
      expect(reads('/api/admin/stats/pharmacies')).toBe(2);
      expect(reads('/api/admin/emails/failed')).toBe(2);
    });
  });
});
