import { paris } from '@bilan/engine';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { PharmacyDashboardPage } from './PharmacyDashboardPage';
import { json, stubFetch } from '../test/stubFetch';
import { renderRoutes } from '../test/renderRoutes';

const account = { id: 2, name: 'pharma-centre', nom: 'Pharmacie du Centre', email: 'p@x.fr', role: 'pharmacy' };
const records = [
  {
    id: 9,
    _id: '9',
    nom: 'Martin',
    prenom: 'Léa',
    date_naissance: '2003-04-01',
    date_formulaire: '2026-11-22T09:00:00.000Z',
    ageGroup: '18to25',
    priorityCount: 3,
    priorities: ['Idées suicidaires ou tentative de suicide', 'Violences subies', 'Humeur : score PHQ-2 positif'],
    triage: 'urgent',
    flags: [
      { title: 'Idées suicidaires ou tentative de suicide', level: 'urgent' },
      { title: 'Violences subies', level: 'urgent' },
      { title: 'Humeur : score PHQ-2 positif', level: 'review' },
    ],
    bilanDoneAt: null,
  },
  {
    id: 4,
    _id: '4',
    nom: 'Durand',
    prenom: 'Paul',
    date_naissance: '1960-02-01',
    date_formulaire: '2026-11-02T09:00:00.000Z',
    ageGroup: '60to65',
    priorityCount: 1,
    priorities: ['Chute répétée'],
    triage: 'review',
    flags: [{ title: 'Chute répétée', level: 'review' }],
    bilanDoneAt: '2026-11-03T10:00:00.000Z',
  },
];
const counts = { today: 1, month: 2, urgent: 1, review: 0, priority: 1, done: 1 };
const page = (over: Record<string, unknown> = {}) =>
  json({
    records,
    counts,
    month: '2026-11',
    scope: 'month',
    page: 1,
    pageSize: 50,
    total: 2,
    ...over,
  });

function renderDashboard(path = '/pharma-centre/dashboard') {
  return renderRoutes(
    [
      { path: '/:pharmacyName/dashboard', Component: PharmacyDashboardPage },
      { path: '/login', element: <p>login page</p> },
    ],
    [path],
  );
}

/** The text of the counts' definition whose term is `term`. */
const countOf = (term: string) =>
  screen.getByText((_, el) => el?.tagName === 'DT' && el.textContent === term).nextSibling?.textContent;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('PharmacyDashboardPage', () => {
  it('redirects to /login when nobody signed in on this browser', async () => {
    const router = renderDashboard();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the forms as cards in the order the server gives, the counts per level, the badges with their reasons and each status', async () => {
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': () => page(),
      'GET /api/responses/latest': () => json({ received: 2, latestSubmittedAt: null }),
    });
    renderDashboard();
    // Patient mode (D40) replaces the link that opened the patient form in a new tab.
    expect(screen.getByRole('button', { name: 'Passer la tablette au patient' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ouvrir le formulaire patient/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Affiche et lien' })).toHaveAttribute(
      'href',
      '/pharma-centre/dashboard/affiche',
    );
    await screen.findByText('Martin Léa');
    const cards = within(screen.getByRole('list', { name: 'Questionnaires' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Martin Léa', 'Durand Paul']);
    expect(within(cards[0]!).getByText('Urgent')).toHaveClass('triage-badge-urgent');
    expect(within(cards[0]!).getByText('Urgent').closest('p')).toHaveTextContent(
      'Urgent Idées suicidaires ou tentative de suicide · Violences subies',
    );
    expect(within(cards[0]!).getByText('À voir').closest('p')).toHaveTextContent('À voir Humeur : score PHQ-2 positif');
    expect(cards[0]).toHaveClass('form-card-urgent');
    expect(cards[0]).toHaveTextContent('Reçu');
    expect(cards[0]).toHaveTextContent('Reçu le 22/11/2026 10:00');
    expect(cards[0]).toHaveTextContent('Né(e) le 1er avril 2003');
    // A form keeps its level once done (D32), without the frame of a form still waiting.
    expect(within(cards[1]!).getByText('À voir')).toHaveClass('triage-badge-review');
    expect(cards[1]).not.toHaveClass('form-card-review');
    expect(cards[1]).toHaveTextContent('Bilan réalisé le 3 novembre 2026');
    expect(within(cards[0]!).getByRole('link', { name: /^Ouvrir ?le questionnaire de Léa Martin$/ })).toHaveAttribute(
      'href',
      '/pharma-centre/dashboard/formulaires/9',
    );
    expect(countOf('Reçus en novembre 2026')).toBe('2');
    expect(countOf('Aujourd’hui')).toBe('1');
    expect(countOf('Urgent')).toBe('1');
    expect(countOf('À voir')).toBe('0');
    expect(countOf('Réalisés en novembre 2026')).toBe('1');
    // A form not sent is not the pharmacy's yet: neither listed nor counted (README).
    expect(screen.queryByText('En cours')).toBeNull();
    expect(calls.find((c) => c.url.startsWith('/api/responses/grouped'))).toMatchObject({ auth: null, client: 'web' });
  });

  it('sends the month, "Tous les mois", the sort and the search, and says an empty month in words', async () => {
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': (c) =>
        c.url.includes('month=2026-10')
          ? page({
              records: [],
              counts: { ...counts, today: null, month: 0 },
              month: '2026-10',
              total: 0,
            })
          : c.url.includes('q=zz')
            ? page({ records: [], total: 0, scope: 'all' })
            : page(),
      'GET /api/responses/latest': () => json({ received: 2, latestSubmittedAt: null }),
    });
    renderDashboard();
    await screen.findByText('Martin Léa');
    expect(screen.getByLabelText('Mois')).toHaveValue('2026-11');
    fireEvent.change(screen.getByLabelText('Mois'), { target: { value: '2026-10' } });
    expect(await screen.findByText('Aucun questionnaire en octobre 2026.')).toBeInTheDocument();
    expect(screen.queryByText('Aujourd’hui', { selector: 'dt' })).toBeNull();
    expect(calls.at(-1)?.url).toBe('/api/responses/grouped?month=2026-10');
    await userEvent.click(screen.getByLabelText('Tous les mois'));
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/api/responses/grouped?month=all'));
    await userEvent.selectOptions(screen.getByLabelText('Trier'), 'Nom (A à Z)');
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/api/responses/grouped?month=all&sort=name'));
    await userEvent.type(screen.getByLabelText('Rechercher (prénom, nom ou date de naissance)'), 'zz');
    expect(await screen.findByText('Aucun questionnaire ne correspond à « zz ».')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/responses/grouped?q=zz&month=all&sort=name');
  });

  it('pages through the forms', async () => {
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': (c) =>
        c.url.includes('page=2') ? page({ page: 2, total: 120 }) : page({ total: 120 }),
      'GET /api/responses/latest': () => json({ received: 2, latestSubmittedAt: null }),
    });
    renderDashboard();
    expect(await screen.findByText('Page 1 sur 3 (120 questionnaires)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Page 2 sur 3 (120 questionnaires)')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/responses/grouped?page=2');
  });

  it('shows a form sent while the page is open, with the notice « Nouveau questionnaire reçu »', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      localStorage.setItem('client', JSON.stringify(account));
      let received = 2;
      const newcomer = { ...records[1]!, id: 30, _id: '30', nom: 'Nouveau', prenom: 'Ada', bilanDoneAt: null };
      stubFetch({
        'GET /api/responses/grouped': () =>
          received > 2 ? page({ records: [newcomer, ...records], total: 3 }) : page(),
        'GET /api/responses/latest': () => json({ received, latestSubmittedAt: null }),
      });
      renderDashboard();
      await screen.findByText('Martin Léa');
      expect(screen.queryByText('Nouveau questionnaire reçu.')).toBeNull();
      received = 3;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await screen.findByText('Nouveau Ada')).toBeInTheDocument();
      expect(screen.getByText('Nouveau questionnaire reçu.').closest('[role="status"]')).not.toBeNull();
      await userEvent.click(screen.getByRole('button', { name: /^Masquer/ }));
      expect(screen.queryByText('Nouveau questionnaire reçu.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [401, 'Session expirée ou invalide.', ''],
    [403, 'Accès interdit (clientId/token).', ''],
    [404, 'PDF introuvable.', 'Ressource introuvable.'],
    [500, 'Échec du téléchargement', 'x'],
  ])('a PDF download answered %i shows "%s"', async (status, message, serverMessage) => {
    localStorage.setItem('client', JSON.stringify(account));
    stubFetch({
      'GET /api/responses/grouped': () => page(),
      'GET /api/pdf-download/9/bilan': () =>
        new Response(serverMessage ? JSON.stringify({ code: 'x', message: serverMessage }) : '', { status }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: /^Bilan\.pdf ?de Léa Martin$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says when the export fails, and saves the file when it works', async () => {
    localStorage.setItem('client', JSON.stringify(account));
    let fail = true;
    stubFetch({
      'GET /api/responses/grouped': () => page(),
      'GET /api/utilisateurs/export': () =>
        fail ? new Response('', { status: 500 }) : new Response(new Blob(['xlsx'])),
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
    await vi.waitFor(() => expect(clicked).toEqual([`bilans-pharma-centre-${paris.month(new Date())}.xlsx`]));
  });

  it('names a downloaded PDF for its patient and the day the form was sent, never Bilan.pdf again and again', async () => {
    localStorage.setItem('client', JSON.stringify(account));
    stubFetch({
      'GET /api/responses/grouped': () => page(),
      'GET /api/pdf-download/4/bilan': () => new Response(new Blob(['%PDF'])),
      'GET /api/pdf-download/4/formulaire': () => new Response(new Blob(['%PDF'])),
    });
    renderDashboard();
    const clicked: string[] = [];
    HTMLAnchorElement.prototype.click = function () {
      clicked.push(this.download);
    };
    await userEvent.click(await screen.findByRole('button', { name: /^Bilan\.pdf.*Paul Durand$/ }));
    await vi.waitFor(() => expect(clicked).toEqual(['Bilan - Durand Paul - 2026-11-02.pdf']));
    await userEvent.click(screen.getByRole('button', { name: /^Questionnaire\.pdf.*Paul Durand$/ }));
    await vi.waitFor(() => expect(clicked.at(-1)).toBe('Questionnaire - Durand Paul - 2026-11-02.pdf'));
  });

  it('logout ends the session on the server (its cookie goes), forgets who signed in and goes to /login', async () => {
    localStorage.setItem('client', JSON.stringify(account));
    const calls = stubFetch({
      'GET /api/responses/grouped': () => page({ records: [], total: 0 }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const router = renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('client')).toBeNull();
    expect(calls.find((c) => c.url === '/api/auth/logout')).toMatchObject({ auth: null, client: 'web' });
  });
});
