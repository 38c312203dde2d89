import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationViewport } from '../notifications/NotificationViewport';
import { notifications } from '../notifications/notificationStore';
import { RegistrationPage } from './RegistrationPage';
import { MESSAGES } from './registrationRules';

// The ALTCHA widget needs Web Workers and WebCrypto: the end-to-end tests run the real one;
// here a stand-in says whether it loaded and what proof it produced.
const bot = vi.hoisted(() => ({ loaded: true, proof: 'proof-of-work' as string | null }));
vi.mock('./BotCheckField', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  return {
    BotCheckField: forwardRef(function FakeBotCheck(_props: { label: string }, ref) {
      useImperativeHandle(ref, () => ({ isLoaded: () => bot.loaded, solve: async () => bot.proof }));
      return null;
    }),
  };
});

interface Call {
  path: string;
  body: unknown;
}

function serve(routes: Record<string, (body: unknown) => [number, unknown]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: input, body });
    const handler = routes[input];
    const [status, payload] = handler ? handler(body) : [404, { code: 'not_found', message: 'Introuvable', error: 'Introuvable' }];
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const pharmacy = { '/api/clients/public/pharmacie-demo': () => [200, { client: { id: 7, name: 'pharmacie-demo', nom: 'Pharmacie du Centre' } }] as [number, unknown] };
const botConfig = { '/api/bot-check/config': () => [200, { provider: 'altcha', label: 'ALTCHA' }] as [number, unknown] };

function renderAt(path = '/pharmacie-demo/userform') {
  const router = createMemoryRouter(
    [
      { path: '/:pharmacyName/userform', Component: RegistrationPage },
      { path: '/:pharmacyName/:part/:step', Component: () => <h1>Page du questionnaire</h1> },
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

async function fill(user: ReturnType<typeof userEvent.setup>, { consent = true, ssn = '' } = {}) {
  await user.selectOptions(await screen.findByLabelText('Civilité *'), 'Madame');
  await user.type(screen.getByLabelText('Prénom *'), 'Camille');
  await user.type(screen.getByLabelText('Nom *'), 'Martin');
  await user.type(screen.getByLabelText('Date de naissance *'), '2003-04-05');
  await user.type(screen.getByLabelText('Adresse e-mail *'), 'camille@example.fr');
  if (ssn) await user.type(screen.getByLabelText('Numéro de sécurité sociale (facultatif)'), ssn);
  if (consent) await user.click(screen.getByRole('checkbox'));
}

const submit = () => screen.getByRole('button', { name: 'Accéder au questionnaire' });

beforeEach(() => {
  bot.loaded = true;
  bot.proof = 'proof-of-work';
});
afterEach(() => {
  notifications.clear();
  vi.unstubAllGlobals();
});

describe('RegistrationPage', () => {
  it('greets with the pharmacy name and links the privacy policy in a new tab', async () => {
    serve({ ...pharmacy, ...botConfig });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Prenez soin de votre santé avec Pharmacie du Centre' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /politique de confidentialité/ });
    expect(link).toHaveAttribute('href', '/politiqueConfidentialite');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Accéder au questionnaire' }).closest('form')).toHaveAttribute('novalidate');
  });

  it('says clearly when the pharmacy does not exist', async () => {
    serve({});
    renderAt('/inconnue/userform');
    expect(await screen.findByRole('heading', { name: 'Pharmacie introuvable' })).toBeInTheDocument();
  });

  it('asks for the required fields in French before anything else', async () => {
    const user = userEvent.setup();
    const calls = serve({ ...pharmacy, ...botConfig });
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Accéder au questionnaire' }));
    expect(screen.getByLabelText('Civilité *')).toHaveAccessibleDescription('Veuillez choisir votre civilité.');
    expect(screen.getByLabelText('Prénom *')).toHaveAccessibleDescription('Veuillez saisir votre prénom.');
    expect(screen.getByLabelText('Adresse e-mail *')).toHaveAccessibleDescription('Veuillez saisir votre adresse e-mail.');
    expect(screen.getByLabelText('Civilité *')).toHaveFocus();
    expect(calls.some((c) => c.path === '/api/verify-recaptcha')).toBe(false);
  });

  it('checks consent first, then the social security number, then the bot check', async () => {
    const user = userEvent.setup();
    const calls = serve({ ...pharmacy, ...botConfig });
    renderAt();
    await fill(user, { consent: false, ssn: '1234' });
    bot.loaded = false;
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.consent);
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.ssnWrong);
    await user.type(screen.getByLabelText('Numéro de sécurité sociale (facultatif)'), '12345678901');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur : ALTCHA non chargé !');
    bot.loaded = true;
    bot.proof = null;
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Échec de vérification ALTCHA. Vous pourriez être un bot.');
    expect(calls.some((c) => c.path === '/api/utilisateur/create')).toBe(false);
  });

  it('refuses letters and more than 15 digits in the social security number as they are typed', async () => {
    const user = userEvent.setup();
    serve({ ...pharmacy, ...botConfig });
    renderAt();
    const ssn = await screen.findByLabelText('Numéro de sécurité sociale (facultatif)');
    await user.type(ssn, '12a');
    expect(ssn).toHaveValue('12');
    expect(ssn).toHaveAccessibleDescription(/Veuillez n'entrer que des chiffres\./);
    await user.type(ssn, '34567890123456');
    expect(ssn).toHaveAccessibleDescription(/Le numéro de sécurité sociale est erroné\./);
  });

  it('names the reCAPTCHA provider when the server uses it and its script is not loaded', async () => {
    const user = userEvent.setup();
    serve({ ...pharmacy, '/api/bot-check/config': () => [200, { provider: 'recaptcha', label: 'reCAPTCHA', siteKey: 'site-key' }] });
    renderAt();
    await screen.findByText(/protégé par reCAPTCHA/);
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur : reCAPTCHA non chargé !');
    expect(document.head.querySelector('script[src^="https://www.google.com/recaptcha/api.js?render=site-key"]')).not.toBeNull();
  });

  it('stops when the server refuses the bot-check proof', async () => {
    const user = userEvent.setup();
    const calls = serve({ ...pharmacy, ...botConfig, '/api/verify-recaptcha': () => [200, { success: false, score: 0 }] });
    renderAt();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec de vérification ALTCHA. Vous pourriez être un bot.');
    expect(calls.find((c) => c.path === '/api/verify-recaptcha')?.body).toEqual({ token: 'proof-of-work' });
    expect(calls.some((c) => c.path === '/api/utilisateur/create')).toBe(false);
  });

  it('explains when the age band is not eligible, and other failures', async () => {
    const user = userEvent.setup();
    let createStatus = 422;
    serve({
      ...pharmacy,
      ...botConfig,
      '/api/verify-recaptcha': () => [200, { success: true, score: 1, ticket: 't1' }],
      '/api/utilisateur/create': () =>
        createStatus === 422
          ? [422, { code: 'age_not_eligible', message: 'Tranche non éligible', error: 'Tranche non éligible' }]
          : [500, { code: 'internal', message: 'Erreur', error: 'Erreur' }],
    });
    renderAt();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ageNotEligible);
    createStatus = 500;
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.createFailed)).toBeInTheDocument();
  });

  it('creates the profile, keeps the token and opens the first page of the band', async () => {
    const user = userEvent.setup();
    const calls = serve({
      ...pharmacy,
      ...botConfig,
      '/api/verify-recaptcha': () => [200, { success: true, score: 1, ticket: 'ticket-1' }],
      '/api/utilisateur/create': () => [201, { token: 'patient-token', userId: 1, ageGroup: '18to25' }],
    });
    const router = renderAt();
    await fill(user, { ssn: '123456789012345' });
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Page du questionnaire' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pharmacie-demo/parts18to25/general');
    expect(sessionStorage.getItem('token')).toBe('patient-token');
    expect(calls.find((c) => c.path === '/api/utilisateur/create')?.body).toEqual({
      civilite: 'Madame',
      nom: 'Martin',
      prenom: 'Camille',
      date_naissance: '2003-04-05',
      email: 'camille@example.fr',
      numero_securite_sociale: '123456789012345',
      clientId: 7,
      consent: true,
      ticket: 'ticket-1',
    });
  });
});
