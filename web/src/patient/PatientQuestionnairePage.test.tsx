import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../questionnaire/registry';
import { NotificationViewport } from '../notifications/NotificationViewport';
import { notifications } from '../notifications/notificationStore';
import { fakeApi, type Handler } from '../test/fakeApi';
import { flowStore } from './flowStore';
import { PatientQuestionnairePage, SAVE_FAILED, SESSION_EXPIRED, UNEXPECTED } from './PatientQuestionnairePage';

const definition = registry.latest('18to25');
const [first, second, , last] = definition.pages;

function patientAndForm(savedPages: string[] = []) {
  return {
    id: 1,
    civilite: 'Madame',
    nom: 'Martin',
    prenom: 'Camille',
    date_naissance: '2004-01-15',
    email: 'c@example.fr',
    ageGroup: '18to25',
    client: { id: 7, name: 'pharmacie-demo', nom: 'Pharmacie du Centre' },
    definition: { id: definition.id, version: definition.version },
    status: 'in_progress',
    reponses: { generalQuestions: { gender: 'Femme' } },
    savedPages,
    submittedAt: null,
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/thank-you', Component: () => <h1>Merci</h1> },
      { path: '/:pharmacyName/:part/:step', Component: PatientQuestionnairePage },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <NotificationViewport />
    </>,
  );
  return router;
}

const me: Handler = () => [200, patientAndForm()];

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('PatientQuestionnairePage', () => {
  it('restores the saved answers after a reload and saves the page with the token', async () => {
    sessionStorage.setItem('token', 'tok');
    const calls = fakeApi({
      'GET /api/utilisateur/me': me,
      'PATCH /api/utilisateur/me/responses': (call) => [200, { pageKey: 'generalQuestions', reponses: (call.body as { reponses: unknown }).reponses, dropped: [], savedPages: ['generalQuestions'] }],
    });
    const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    const femme = await screen.findByRole('radio', { name: 'Femme' });
    expect(femme).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Suivant ➡' }));
    expect(await screen.findByRole('heading', { level: 1, name: second?.title })).toHaveFocus();
    expect(router.state.location.pathname).toBe(`/pharmacie-demo/parts18to25/${second?.route}`);
    const save = calls.find((c) => c.method === 'PATCH');
    expect(save).toMatchObject({ authorization: 'Bearer tok', body: { pageKey: 'generalQuestions', reponses: { gender: 'Femme' } } });
  });

  it('keeps the person on the page with the catalogue message when saving fails', async () => {
    sessionStorage.setItem('token', 'tok');
    fakeApi({ 'GET /api/utilisateur/me': me, 'PATCH /api/utilisateur/me/responses': () => [500, { code: 'internal', message: 'x', error: 'x' }] });
    const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Suivant ➡' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(router.state.location.pathname).toBe(`/pharmacie-demo/parts18to25/${first?.route}`);
    expect(screen.getByRole('radio', { name: 'Femme' })).toBeChecked();
  });

  it('says the session has expired when there is no token', async () => {
    fakeApi({});
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    expect(await screen.findByText(SESSION_EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Revenir au formulaire d'inscription" })).toHaveAttribute('href', '/pharmacie-demo/userform');
  });

  it('runs the finishing call on the last page and shows the last-resort message when it fails', async () => {
    sessionStorage.setItem('token', 'tok');
    let submitStatus = 500;
    const calls = fakeApi({
      'GET /api/utilisateur/me': me,
      'PATCH /api/utilisateur/me/responses': () => [200, { pageKey: last?.section, reponses: {}, dropped: [], savedPages: [] }],
      'POST /api/utilisateur/me/submit': () => (submitStatus === 200 ? [200, { status: 'submitted', submittedAt: '2026-01-01' }] : [submitStatus, { code: 'boom', message: 'x', error: 'x' }]),
    });
    const router = renderAt(`/pharmacie-demo/parts18to25/${last?.route}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer & Terminer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED);
    submitStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer & Terminer' }));
    expect(await screen.findByRole('heading', { name: 'Merci' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pharmacie-demo/thank-you');
    expect(calls.filter((c) => c.path === '/api/utilisateur/me/submit')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
