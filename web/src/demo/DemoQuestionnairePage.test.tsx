import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../test/registry';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { fakeApi, type Handler } from '../test/fakeApi';
import { fakeBotCheck } from '../test/fakeBotCheck';
import { DemoEntryPage } from './DemoEntryPage';
import { DemoQuestionnairePage } from './DemoQuestionnairePage';
import { DemoReviewPage } from './DemoReviewPage';
import { DemoThankYouPage } from './DemoThankYouPage';
import { demoSend } from './demoSend';
import { renderRoutes } from '../test/renderRoutes';

const definition = registry.latest('70to75');

function renderDemo() {
  return renderRoutes(
    [
      { path: '/form', Component: DemoEntryPage },
      { path: '/formulaire/test/thank-you', Component: DemoThankYouPage },
      { path: '/formulaire/test/summary', Component: DemoReviewPage },
      { path: '/formulaire/test/:part/:step', Component: DemoQuestionnairePage },
    ],
    ['/form'],
  );
}

async function runDemo(sendTestEmail: Handler) {
  const user = userEvent.setup();
  const calls = fakeApi({ ...(await fakeBotCheck()), 'POST /api/send-test-email': sendTestEmail });
  const router = renderDemo();
  await user.type(screen.getByLabelText('Votre adresse e-mail'), 'demo@example.fr');
  await user.click(screen.getByRole('button', { name: '70-75 ans' }));
  for (const page of definition.pages) {
    await screen.findByRole('heading', { level: 1, name: page.title });
    await user.click(await screen.findByRole('button', { name: 'Suivant' }));
  }
  await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos réponses avant l’envoi' });
  expect(calls).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
  // No answer given: the demo asks before sending an empty questionnaire too.
  await user.click(screen.getByRole('button', { name: 'Envoyer sans réponse' }));
  await screen.findByRole('heading', { level: 1, name: 'MERCI\u00a0!' });
  return { calls, router };
}

afterEach(() => {
  demoSend.clear();
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('demo flow', { timeout: 30_000 }, () => {
  it('walks the four pages in memory, then mails them in the background', async () => {
    const { calls, router } = await runDemo(() => [200, { ok: true }]);
    expect(router.state.location.pathname).toBe('/formulaire/test/thank-you');
    expect(screen.getByText('Merci d’avoir testé l’application.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au formulaire' })).toHaveAttribute('href', '/form');
    expect(
      await screen.findByText('Questionnaire.pdf et Bilan.pdf ont été envoyés à demo@example.fr.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText(/comme le ferait un patient de votre pharmacie/)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/send-test-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      ageGroup: '70to75',
      userForm: { email: 'demo@example.fr', ageGroup: '70to75' },
      ticket: 'ticket-de-test',
    });
    expect(Object.keys((sent[0]?.body as { responses: object }).responses).sort()).toEqual(
      definition.pages.map((p) => p.section).sort(),
    );
    // The demo's answers leave the browser's memory at its thank-you page.
    expect(flowStore.get().flow).toBeNull();
  });

  it('goes back with "Précédent", and from the review page to a page and back with "Modifier"', async () => {
    const user = userEvent.setup();
    fakeApi({});
    const router = renderDemo();
    await user.type(screen.getByLabelText('Votre adresse e-mail'), 'demo@example.fr');
    await user.click(await screen.findByRole('button', { name: '70-75 ans' }));
    const [first, second] = definition.pages;
    await screen.findByRole('heading', { level: 1, name: first?.title });
    await screen.findByRole('button', { name: 'Suivant' });
    expect(screen.queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second?.title });
    await user.click(await screen.findByRole('button', { name: 'Précédent' }));
    await screen.findByRole('heading', { level: 1, name: first?.title });
    for (const _page of definition.pages) await user.click(await screen.findByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos réponses avant l’envoi' });
    await user.click(
      await screen.findByRole('link', { name: new RegExp(`^Modifier les réponses de la page «.${second?.title}.»$`) }),
    );
    expect(router.state.location.pathname).toBe(`/formulaire/test/parts70to75/${second?.route}`);
    await user.click(await screen.findByRole('button', { name: 'Revenir à la vérification' }));
    await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos réponses avant l’envoi' });
  });

  it('checks the address before the questionnaire starts', async () => {
    const user = userEvent.setup();
    fakeApi({});
    const router = renderDemo();
    await user.type(screen.getByLabelText('Votre adresse e-mail'), 'demo.example.fr');
    await user.click(screen.getByRole('button', { name: '70-75 ans' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Adresse e-mail invalide\s: exemple nom@pharmacie\.fr$/,
    );
    expect(screen.getByLabelText('Votre adresse e-mail')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/form');
    expect(flowStore.get().flow).toBeNull();
    await user.type(screen.getByLabelText('Votre adresse e-mail'), '@x.fr');
    await user.clear(screen.getByLabelText('Votre adresse e-mail'));
    await user.type(screen.getByLabelText('Votre adresse e-mail'), 'demo@example.fr');
    await user.click(screen.getByRole('button', { name: '70-75 ans' }));
    await screen.findByRole('heading', { level: 1, name: definition.pages[0]?.title });
  });

  it('when sending fails, the thank-you page lets the address be corrected and sends again, without a glyph', async () => {
    let refused = true;
    const { calls } = await runDemo(() =>
      refused
        ? [502, { code: 'mail_failed', message: 'Le serveur d’envoi ne répond pas.', error: 'x' }]
        : [202, { status: 'queued' }],
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Les PDF n’ont pas pu être envoyés à demo@example.fr. Erreur');
    expect(alert).toHaveTextContent('Le serveur d’envoi ne répond pas.');
    expect(document.body.textContent).not.toMatch(/[❌✅]/u);
    refused = false;
    const user = userEvent.setup();
    const field = screen.getByLabelText('Adresse e-mail où envoyer les PDF');
    expect(field).toHaveValue('demo@example.fr');
    await user.clear(field);
    await user.type(field, 'pharmacie@example');
    await user.click(screen.getByRole('button', { name: 'Renvoyer les PDF' }));
    expect(screen.getByText(/^Adresse e-mail invalide\s: exemple nom@pharmacie\.fr$/)).toBeInTheDocument();
    await user.type(field, '.fr');
    await user.click(screen.getByRole('button', { name: 'Renvoyer les PDF' }));
    expect(await screen.findByText(/ont été envoyés à pharmacie@example\.fr/)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/send-test-email');
    expect(sent.map((c) => (c.body as { userForm: { email: string } }).userForm.email)).toEqual([
      'demo@example.fr',
      'pharmacie@example.fr',
    ]);
    // The same answers, sent again.
    expect((sent[1]?.body as { responses: unknown }).responses).toEqual(
      (sent[0]?.body as { responses: unknown }).responses,
    );
  });

  it('says so when the network fails', async () => {
    await runDemo(() => [0, null]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur réseau lors de l’envoi.');
  });
});
