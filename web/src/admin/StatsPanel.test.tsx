import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { json, stubFetch } from '../test/stubFetch';
import { renderRoutes } from '../test/renderRoutes';
import { StatsPanel } from './StatsPanel';

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

function renderPanel() {
  return renderRoutes([{ path: '/', element: <StatsPanel revision={0} /> }], ['/']);
}

beforeEach(() => {
  localStorage.setItem('client', JSON.stringify(admin));
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('StatsPanel', () => {
  it('lists stats per pharmacy and a chart with its data table', async () => {
    stubFetch({ 'GET /api/admin/stats/pharmacies': () => json(stats) });
    renderPanel();
    expect(await screen.findByRole('rowheader', { name: /pharma-centre/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /12 derniers mois/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'décembre 2025' }).nextSibling).toHaveTextContent('12');
  });

  it('shows "Accès refusé ou erreur serveur." when stats are refused', async () => {
    stubFetch({
      'GET /api/admin/stats/pharmacies': () => json({ code: 'forbidden', message: 'Accès interdit.' }, 403),
    });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Accès refusé ou erreur serveur.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws a pharmacy as a line over the bars on demand, with its legend and its column, and exports the figures', async () => {
    const calls = stubFetch({
      'GET /api/admin/stats/pharmacies': () => json(stats),
      'GET /api/admin/stats/export': () => new Response(new Blob(['xlsx'])),
    });
    renderPanel();
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
    expect(calls.find((c) => c.url === '/api/admin/stats/export')).toMatchObject({ auth: null, client: 'web' });
  });

  it('says when the export fails', async () => {
    stubFetch({
      'GET /api/admin/stats/pharmacies': () => json(stats),
      'GET /api/admin/stats/export': () => json({ code: 'x', message: 'x' }, 500),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Télécharger les chiffres mensuels (Excel)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de télécharger les données.');
  });
});
