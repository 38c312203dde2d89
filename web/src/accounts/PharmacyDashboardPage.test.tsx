import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { PharmacyDashboardPage } from './PharmacyDashboardPage';
import { json, stubFetch } from './testFetch';
import { renderRoutes } from '../test/renderRoutes';

const account = { id: 2, name: 'pharma-centre', nom: 'Pharmacie du Centre', email: 'p@x.fr', role: 'pharmacy' };
const records = [
  { id: 9, _id: '9', nom: 'Martin', prenom: 'Léa', date_naissance: '2003-04-01', date_formulaire: '2026-11-22T09:00:00.000Z', ageGroup: '18to25', priorityCount: 2 },
  { id: 4, _id: '4', nom: 'Durand', prenom: 'Paul', date_naissance: '1960-02-01', date_formulaire: '2026-11-02T09:00:00.000Z', ageGroup: '60to65', priorityCount: 0 },
];

function renderDashboard(path = '/pharma-centre/dashboard') {
  return renderRoutes(
    [
      { path: '/:pharmacyName/dashboard', Component: PharmacyDashboardPage },
      { path: '/login', element: <p>login page</p> },
    ],
    [path],
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('PharmacyDashboardPage', () => {
  it('redirects to /login without a session token', async () => {
    const router = renderDashboard();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the hero link in a new window, the counts and the forms newest first', async () => {
    localStorage.setItem('token', 'staff');
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': () => json({ records, counts: { today: 1, month: 2 }, month: '2026-11' }),
      'GET /api/dashboard/qrcode.svg': () => new Response('<svg/>', { headers: { 'Content-Type': 'image/svg+xml' } }),
    });
    renderDashboard();
    const link = screen.getByRole('link', { name: /Ouvrir le formulaire patient/ });
    expect(link).toHaveAttribute('href', '/pharma-centre/userform');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await screen.findByText('Martin');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Martin');
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Durand');
    expect(screen.getByText("Aujourd’hui").nextSibling).toHaveTextContent('1');
    expect(calls.find((c) => c.url.startsWith('/api/responses/grouped'))?.auth).toBe('Bearer staff');
  });

  it('shows the number of priorities of each form in its own column, spelt out when there are any', async () => {
    localStorage.setItem('token', 'staff');
    localStorage.setItem('client', JSON.stringify(account));
    stubFetch({
      'GET /api/responses/grouped': () =>
        json({ records: [...records, { ...records[1]!, id: 5, _id: '5', nom: 'Bernard', priorityCount: 1 }], counts: { today: 1, month: 3 }, month: '2026-11' }),
    });
    renderDashboard();
    await screen.findByText('Martin');
    const headers = screen.getAllByRole('columnheader');
    const column = headers.findIndex((h) => h.textContent === 'Priorités (points prioritaires du bilan)');
    expect(column).toBeGreaterThan(-1);
    // jsdom drops the space before an inline span in accessible names (as for the PDF buttons).
    expect(screen.getByRole('columnheader', { name: /^Priorités ?\(points prioritaires du bilan\)$/ })).toBe(headers[column]);
    const cellOf = (name: string) => {
      const row = screen.getByRole('rowheader', { name }).closest('tr');
      return row?.cells[column];
    };
    const martin = cellOf('Martin');
    expect(martin).toHaveTextContent(/^2 priorités$/);
    expect(martin?.querySelector('strong')).toHaveClass('priority-badge');
    expect(cellOf('Bernard')).toHaveTextContent(/^1 priorité$/);
    const durand = cellOf('Durand');
    expect(durand).toHaveTextContent(/^0$/);
    expect(durand?.querySelector('strong')).toBeNull();
  });

  it('sends the month filter and shows only the month count then', async () => {
    localStorage.setItem('token', 'staff');
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': (c) =>
        c.url.includes('month=') ? json({ records: [records[1]], counts: { today: null, month: 1 }, month: '2026-10' }) : json({ records, counts: { today: 1, month: 2 }, month: '2026-11' }),
    });
    renderDashboard();
    await screen.findByText('Martin');
    const month = screen.getByLabelText('Mois');
    await userEvent.type(month, '2026-10');
    await screen.findByText('octobre 2026');
    expect(screen.queryByText("Aujourd’hui")).toBeNull();
    expect(calls.at(-1)?.url).toBe('/api/responses/grouped?month=2026-10');
  });

  it.each([
    [401, 'Session expirée ou invalide.', ''],
    [403, 'Accès interdit (clientId/token).', ''],
    [404, 'PDF introuvable.', 'Ressource introuvable.'],
    [500, 'Échec du téléchargement', 'x'],
  ])('a PDF download answered %i shows "%s"', async (status, message, serverMessage) => {
    localStorage.setItem('token', 'staff');
    localStorage.setItem('client', JSON.stringify(account));
    stubFetch({
      'GET /api/responses/grouped': () => json({ records, counts: { today: 1, month: 2 }, month: '2026-11' }),
      'GET /api/pdf-download/9/bilan': () => new Response(serverMessage ? JSON.stringify({ code: 'x', message: serverMessage }) : '', { status }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: /^Bilan\.pdf ?de Léa Martin$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says when the export fails, and saves the file when it works', async () => {
    localStorage.setItem('token', 'staff');
    localStorage.setItem('client', JSON.stringify(account));
    let fail = true;
    stubFetch({
      'GET /api/responses/grouped': () => json({ records, counts: { today: 1, month: 2 }, month: '2026-11' }),
      'GET /api/utilisateurs/export': () => (fail ? new Response('', { status: 500 }) : new Response(new Blob(['xlsx']))),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter les données (Excel)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de télécharger les données.');
    fail = false;
    const clicked: string[] = [];
    HTMLAnchorElement.prototype.click = function () {
      clicked.push(this.download);
    };
    await userEvent.click(screen.getByRole('button', { name: 'Exporter les données (Excel)' }));
    await vi.waitFor(() => expect(clicked).toEqual(['donnees_utilisateurs.xlsx']));
  });

  it('logout revokes the token on the server, forgets it and goes to /login', async () => {
    localStorage.setItem('token', 'staff');
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': () => json({ records: [], counts: { today: 0, month: 0 }, month: '2026-11' }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const router = renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.find((c) => c.url === '/api/auth/logout')?.auth).toBe('Bearer staff');
  });
});
