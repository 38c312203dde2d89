import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../questionnaire/registry';
import { NotificationViewport } from '../notifications/NotificationViewport';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { fakeApi, type Handler } from '../test/fakeApi';
import { fakeBotCheck } from '../test/fakeBotCheck';
import { DemoEntryPage } from './DemoEntryPage';
import { DemoQuestionnairePage } from './DemoQuestionnairePage';
import { DemoThankYouPage } from './DemoThankYouPage';

const definition = registry.latest('70to75');

function renderDemo() {
  const router = createMemoryRouter(
    [
      { path: '/form', Component: DemoEntryPage },
      { path: '/formulaire/test/thank-you', Component: DemoThankYouPage },
      { path: '/formulaire/test/:part/:step', Component: DemoQuestionnairePage },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <NotificationViewport />
    </>,
  );
  return router;
}

async function runDemo(sendTestEmail: Handler) {
  const user = userEvent.setup();
  const calls = fakeApi({ ...(await fakeBotCheck()), 'POST /api/send-test-email': sendTestEmail });
  const router = renderDemo();
  await user.type(screen.getByLabelText('Votre adresse e-mail'), 'demo@example.fr');
  await user.click(screen.getByRole('button', { name: '70-75 ans' }));
  for (const page of definition.pages) {
    await screen.findByRole('heading', { level: 1, name: page.title });
    await user.click(screen.getByRole('button', { name: page.last ? 'Envoyer & Terminer' : 'Suivant ➡' }));
  }
  await screen.findByRole('heading', { level: 1, name: 'MERCI !' });
  return { calls, router };
}

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('demo flow', () => {
  it('walks the four pages in memory, then mails them in the background', async () => {
    const { calls, router } = await runDemo(() => [200, { ok: true }]);
    expect(router.state.location.pathname).toBe('/formulaire/test/thank-you');
    expect(screen.getByText("Merci d'avoir testé l'application.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au formulaire' })).toHaveAttribute('href', '/form');
    expect(await screen.findByRole('status')).toHaveTextContent('demo@example.fr');
    const sent = calls.filter((c) => c.path === '/api/send-test-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ ageGroup: '70to75', userForm: { email: 'demo@example.fr', ageGroup: '70to75' }, ticket: 'ticket-de-test' });
    expect(Object.keys((sent[0]?.body as { responses: object }).responses).sort()).toEqual(definition.pages.map((p) => p.section).sort());
  });

  it("shows the server's error after the page has moved on", async () => {
    await runDemo(() => [502, { code: 'mail_failed', message: "Le serveur d'envoi ne répond pas.", error: "Le serveur d'envoi ne répond pas." }]);
    expect(await screen.findByRole('alert')).toHaveTextContent("❌ Erreur : Le serveur d'envoi ne répond pas.");
  });

  it('says so when the network fails', async () => {
    await runDemo(() => [0, null]);
    expect(await screen.findByRole('alert')).toHaveTextContent("❌ Erreur réseau lors de l'envoi.");
  });
});
