import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { AdminDashboardPage, parseTtlDays } from './AdminDashboardPage';
import { json, stubFetch } from '../test/stubFetch';
import { renderRoutes } from '../test/renderRoutes';

const admin = { id: 1, name: 'admin', nom: 'Administration', email: 'admin@x.fr', role: 'admin' };
const months = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
const stats = [
  {
    clientName: 'pharma-centre',
    nom: 'Pharmacie du Centre',
    email: 'p@x.fr',
    totalThisMonth: 3,
    months: months.map((month, i) => ({ month, total: i })),
  },
  {
    clientName: 'pharma-gare',
    nom: 'Pharmacie de la Gare',
    email: 'g@x.fr',
    totalThisMonth: 0,
    months: months.map((month) => ({ month, total: 1 })),
  },
];

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
  localStorage.setItem('token', 'staff');
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

describe('AdminDashboardPage', () => {
  it('sends a pharmacist to its own dashboard', async () => {
    localStorage.setItem('client', JSON.stringify({ ...admin, role: 'pharmacy', name: 'pharma-centre' }));
    renderAdmin();
    expect(await screen.findByText('pharmacy page')).toBeInTheDocument();
  });

  it('lists stats per pharmacy and a chart with its data table', async () => {
    stubFetch({
      'GET /api/admin/stats/pharmacies': () => json(stats),
      'GET /api/admin/invitations': () => json([]),
      'GET /api/admin/emails/failed': () => json([]),
    });
    renderAdmin();
    expect(await screen.findByRole('rowheader', { name: /pharma-centre/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /12 derniers mois/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'décembre 2025' }).nextSibling).toHaveTextContent('12');
  });

  it('shows "Accès refusé ou erreur serveur." when stats are refused', async () => {
    stubFetch({
      'GET /api/admin/stats/pharmacies': () => json({ code: 'forbidden', message: 'Accès interdit.' }, 403),
    });
    renderAdmin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Accès refusé ou erreur serveur.');
  });

  it('creates an invitation with 7 days when the duration is not a number, and copies its link', async () => {
    const calls = stubFetch({
      'GET /api/admin/stats/pharmacies': () => json(stats),
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
    renderAdmin();
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'New@X.fr ');
    await userEvent.clear(screen.getByLabelText(/Durée de validité/));
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’invitation' }));
    expect(await screen.findByText('http://x/register#invite=tok')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@x.fr', ttlDays: 7 });
    await userEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith('http://x/register#invite=tok');
    expect(await screen.findByText('Lien copié dans le presse-papiers')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de copier. Copie manuelle nécessaire.');
  });

  it('shows the creation error', async () => {
    stubFetch({ 'POST /api/admin/invitations': () => json({ code: 'x', message: 'x' }, 500) });
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’invitation' }));
    expect(await screen.findByText('Erreur lors de la création de l’invitation.')).toBeInTheDocument();
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
      'GET /api/admin/stats/pharmacies': () => json(stats),
      'GET /api/admin/invitations': () => json(invitations),
      'GET /api/admin/emails/failed': () => json([]),
      'POST /api/admin/invitations/2/resend': () =>
        json({ ...invitations[1], status: 'active', expiresAt: '2026-11-30T10:00:00.000Z', emailed: true }),
    });
    renderAdmin();
    expect(await screen.findByText('(1 en attente)')).toBeInTheDocument();
    expect(screen.getByText('En attente')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Renvoyer l’invitation/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /^Renvoyer l’invitation ?à vieille@pharma\.fr$/ }));
    expect(
      await screen.findByText('Invitation renvoyée à vieille@pharma.fr, valable jusqu’au 30 novembre 2026.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/invitations/2/resend')).toMatchObject({
      method: 'POST',
      auth: 'Bearer staff',
    });
  });

  it('says why an invitation cannot be sent again', async () => {
    stubFetch({
      'GET /api/admin/stats/pharmacies': () => json(stats),
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
      'GET /api/admin/emails/failed': () => json([]),
      'POST /api/admin/invitations/2/resend': () =>
        json({ code: 'invitation_used', message: 'Cette invitation a déjà servi à ouvrir un compte.' }, 409),
    });
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: /^Renvoyer l’invitation/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette invitation a déjà servi à ouvrir un compte.');
  });

  it('draws a pharmacy as a line over the bars on demand, with its legend and its column, and exports the figures', async () => {
    const calls = stubFetch({
      'GET /api/admin/stats/pharmacies': () => json(stats),
      'GET /api/admin/invitations': () => json([]),
      'GET /api/admin/emails/failed': () => json([]),
      'GET /api/admin/stats/export': () => new Response(new Blob(['xlsx'])),
    });
    renderAdmin();
    await screen.findByRole('rowheader', { name: /pharma-centre/ });
    expect(screen.queryByRole('list', { name: 'Légende des courbes' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Afficher ?Pharmacie de la Gare sur le graphique/ }));
    const legend = screen.getByRole('list', { name: 'Légende des courbes' });
    expect(legend).toHaveTextContent('Toutes pharmacies (barres)');
    expect(legend).toHaveTextContent('Pharmacie de la Gare');
    expect(document.querySelector('.monthly-chart-svg desc')?.textContent).toContain(
      'Courbes\u00a0: Pharmacie de la Gare (12).',
    );
    expect(screen.getByRole('columnheader', { name: 'Pharmacie de la Gare' })).toBeInTheDocument();
    expect(document.querySelectorAll('.monthly-chart-svg polyline')).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: /Afficher ?Pharmacie de la Gare sur le graphique/ }));
    expect(document.querySelectorAll('.monthly-chart-svg polyline')).toHaveLength(0);
    const clicked: string[] = [];
    HTMLAnchorElement.prototype.click = function () {
      clicked.push(this.download);
    };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger les chiffres mensuels (Excel)' }));
    await vi.waitFor(() => expect(clicked).toEqual(['chiffres_mensuels.xlsx']));
    expect(calls.find((c) => c.url === '/api/admin/stats/export')?.auth).toBe('Bearer staff');
  });
});
