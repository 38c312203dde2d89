// The registration form (docs/product.md §5, issue 13): the date of birth as three fields with its
// eligibility, every error beside its field and in the summary, server refusals on their
// field, "Réessayer", and a fresh bot-check proof for every attempt.
import { SOCIAL_SECURITY_NUMBER_MESSAGES } from '@bilan/engine';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { bot, resetBot } from '../test/fakeBotCheckField';
import { fakeApi } from '../test/fakeApi';
import {
  bornAged,
  created,
  errorSummary,
  fillRegistration,
  pharmacy,
  renderRegistration,
  submitButton,
  typeDate,
  verified,
} from '../test/registration';
import { flowStore } from './flowStore';
import { MESSAGES } from './registrationRules';
import { bands, minutesOf } from '../questionnaire/versions';

vi.mock('./BotCheckField', () => import('../test/fakeBotCheckField'));

beforeEach(resetBot);
afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('RegistrationForm', () => {
  it('says before starting what it takes: the time from the band’s definition, the vaccination record, nothing compulsory', async () => {
    const user = userEvent.setup();
    fakeApi(pharmacy);
    renderRegistration();
    const panel = await screen.findByRole('region', { name: 'Avant de commencer' });
    const minutes = bands.map((b) => minutesOf(b.code));
    expect(panel).toHaveTextContent(
      Math.min(...minutes) === Math.max(...minutes)
        ? `Environ ${minutes[0]} minutes`
        : `Environ ${Math.min(...minutes)} à ${Math.max(...minutes)} minutes`,
    );
    expect(panel).toHaveTextContent('Munissez-vous de votre carnet de vaccination si vous l’avez.');
    expect(panel).toHaveTextContent('Aucune réponse du questionnaire n’est obligatoire');
    expect(panel).toHaveTextContent('Le bilan s’adresse aux 18-25, 45-50, 60-65 et 70-75 ans.');
    await typeDate(user, bornAged(72));
    expect(panel).toHaveTextContent(`Environ ${minutesOf('70to75')} minutes`);
  });

  it('without an e-mail address registers all the same (D30), and checks one typed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': created,
    });
    renderRegistration();
    await fillRegistration(user, { email: '' });
    expect(screen.getByLabelText('Adresse e-mail (facultatif)')).toHaveAccessibleDescription(
      /Seulement pour recevoir la confirmation/,
    );
    await user.type(screen.getByLabelText('Adresse e-mail (facultatif)'), 'camille.example.fr');
    await user.click(submitButton());
    expect(within(errorSummary()).getByRole('link', { name: MESSAGES.invalidEmail })).toHaveAttribute(
      'href',
      '#reg-email',
    );
    await user.clear(screen.getByLabelText('Adresse e-mail (facultatif)'));
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Page du questionnaire' });
    const body = calls.find((c) => c.path === '/api/utilisateur/create')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('email');
  });

  it('asks the date of birth as three labelled fields in one group, with a hint', async () => {
    fakeApi(pharmacy);
    renderRegistration();
    const group = await screen.findByRole('group', { name: 'Date de naissance *' });
    expect(group).toHaveAccessibleDescription('Par exemple\u00a0: 27 3 1985');
    for (const [label, autocomplete] of [
      ['Jour', 'bday-day'],
      ['Mois', 'bday-month'],
      ['Année', 'bday-year'],
    ]) {
      const input = within(group).getByLabelText(label as string);
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      expect(input).toHaveAttribute('type', 'text');
    }
  });

  it('says the age and the questionnaire as soon as the date is complete, or why there is none', async () => {
    const user = userEvent.setup();
    fakeApi(pharmacy);
    renderRegistration();
    await screen.findByLabelText('Jour');
    const date = bornAged(47);
    await user.type(screen.getByLabelText('Jour'), date.day);
    await user.type(screen.getByLabelText('Mois'), date.month);
    await user.type(screen.getByLabelText('Année'), date.year.slice(0, 3));
    expect(screen.getByRole('group', { name: 'Date de naissance *' })).toHaveAccessibleDescription(
      'Par exemple\u00a0: 27 3 1985',
    );
    await user.type(screen.getByLabelText('Année'), date.year.slice(3));
    expect(
      await screen.findByText('Vous avez 47 ans : vous pouvez remplir le questionnaire des 45-50 ans.'),
    ).toBeInTheDocument();
    await typeDate(user, bornAged(30));
    const group = screen.getByRole('group', { name: 'Date de naissance *' });
    expect(group).toHaveAccessibleDescription(new RegExp(MESSAGES.ageNotEligible));
    expect(group).toHaveAccessibleDescription(
      /Vous avez 30\sans\. Le questionnaire est proposé aux 18-25, 45-50, 60-65 et 70-75\sans\./,
    );
    expect(screen.getByLabelText('Année')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts every problem beside its field and in an error summary that takes the focus and links to the fields', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(pharmacy);
    renderRegistration();
    await user.type(await screen.findByLabelText('Jour'), '31');
    await user.type(screen.getByLabelText('Mois'), '2');
    await user.type(screen.getByLabelText('Numéro de sécurité sociale (facultatif)'), '1234');
    await user.click(submitButton());
    expect(errorSummary()).toHaveFocus();
    const links = within(errorSummary())
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Veuillez choisir votre civilité.', '#reg-civilite'],
      ['Veuillez saisir votre prénom.', '#reg-prenom'],
      ['Veuillez saisir votre nom.', '#reg-nom'],
      ['Il manque l’année de votre date de naissance.', '#reg-birth-year'],
      [SOCIAL_SECURITY_NUMBER_MESSAGES.length, '#reg-ssn'],
      [MESSAGES.consent, '#reg-consent'],
    ]);
    expect(screen.getByLabelText('Prénom *')).toHaveAccessibleDescription('Veuillez saisir votre prénom.');
    expect(screen.getByLabelText('Prénom *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(MESSAGES.consent);
    expect(screen.getByLabelText('Année')).toHaveAccessibleDescription('Il manque l’année de votre date de naissance.');
    expect(screen.getByLabelText('Jour')).not.toHaveAttribute('aria-invalid');
    await user.click(within(errorSummary()).getByRole('link', { name: 'Veuillez saisir votre nom.' }));
    expect(screen.getByLabelText('Nom *')).toHaveFocus();
    // Field errors are not notifications.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/verify-recaptcha')).toBe(false);
  });

  it('refuses a name holding anything but letters, spaces, apostrophes and hyphens, before the bot check', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(pharmacy);
    renderRegistration();
    await fillRegistration(user);
    await user.clear(screen.getByLabelText('Prénom *'));
    await user.type(screen.getByLabelText('Prénom *'), 'RIB 187 : https://x.fr');
    await user.clear(screen.getByLabelText('Nom *'));
    await user.type(screen.getByLabelText('Nom *'), 'a@b.fr');
    await user.click(submitButton());
    expect(errorSummary()).toHaveFocus();
    expect(
      within(errorSummary())
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      [
        'Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.',
        '#reg-prenom',
      ],
      ['Le nom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.', '#reg-nom'],
    ]);
    expect(screen.getByLabelText('Nom *')).toHaveAccessibleDescription(MESSAGES.nomCharacters);
    expect(bot.solved).toBe(0);
    expect(calls.some((c) => c.path === '/api/verify-recaptcha')).toBe(false);
  });

  it('takes Jean-Pierre D’Artagnan, and puts the server’s refusal of a name on the field it names', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': () => [
        422,
        { code: 'invalid_name', message: 'x', error: 'x', details: { field: 'nom' } },
      ],
    });
    renderRegistration();
    await fillRegistration(user);
    await user.clear(screen.getByLabelText('Prénom *'));
    await user.type(screen.getByLabelText('Prénom *'), 'Jean-Pierre');
    await user.clear(screen.getByLabelText('Nom *'));
    await user.type(screen.getByLabelText('Nom *'), 'D’Artagnan');
    await user.click(submitButton());
    await within(errorSummary()).findByRole('link', { name: MESSAGES.nomCharacters });
    expect(bot.solved).toBe(1);
    expect(screen.getByLabelText('Nom *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Prénom *')).not.toHaveAttribute('aria-invalid');
  });

  it('puts the server’s refusal of an invisible character on the field it names', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': () => [
        400,
        { code: 'invalid_text', message: 'x', error: 'x', details: { field: 'email', reason: 'invisible' } },
      ],
    });
    renderRegistration();
    await fillRegistration(user);
    await user.click(submitButton());
    await within(errorSummary()).findByRole('link', { name: MESSAGES.invisibleCharacters });
    expect(screen.getByLabelText('Adresse e-mail (facultatif)')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.invisibleCharacters),
    );
  });

  it('asks the bot check for a challenge of this pharmacy (its cost and its ticket are the pharmacy’s)', async () => {
    fakeApi(pharmacy);
    renderRegistration();
    await screen.findByLabelText('Prénom *');
    expect(bot.pharmacyId).toBe(7);
  });

  it('refuses an ineligible age before the bot check', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(pharmacy);
    renderRegistration();
    await fillRegistration(user, { age: 35 });
    await user.click(submitButton());
    expect(within(errorSummary()).getByRole('link', { name: MESSAGES.ageNotEligible })).toHaveAttribute(
      'href',
      '#reg-birth-day',
    );
    expect(bot.solved).toBe(0);
    expect(calls.some((c) => c.path === '/api/verify-recaptcha')).toBe(false);
  });

  it('names the bot check beside it when its script is not loaded or its proof fails', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': () => [400, { code: 'bot_check_failed', message: 'x', error: 'x', success: false }],
    });
    renderRegistration();
    await fillRegistration(user);
    bot.loaded = false;
    await user.click(submitButton());
    expect(
      within(errorSummary()).getByRole('link', { name: 'Erreur\u00a0: ALTCHA non chargé\u00a0!' }),
    ).toHaveAttribute('href', '#reg-bot-check');
    bot.loaded = true;
    await user.click(submitButton());
    expect(await within(errorSummary()).findByRole('link', { name: MESSAGES.botFailed('ALTCHA') })).toBeInTheDocument();
  });

  it.each([
    ['invalid_ssn', 'Numéro de sécurité sociale (facultatif)', MESSAGES.ssnWrong],
    ['age_not_eligible', 'Année', MESSAGES.ageNotEligible],
    ['invalid_birth_date', 'Année', MESSAGES.invalidBirthDate],
    ['consent_required', null, MESSAGES.consent],
  ])('shows the server refusal %s beside its field and in the summary', async (code, label, message) => {
    const user = userEvent.setup();
    fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': () => [422, { code, message: 'x', error: 'x' }],
    });
    renderRegistration();
    await fillRegistration(user);
    await user.click(submitButton());
    expect(await within(errorSummary()).findByRole('link', { name: message })).toBeInTheDocument();
    const field = label ? screen.getByLabelText(label) : screen.getByRole('checkbox');
    expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(errorSummary()).toHaveFocus();
  });

  it('after a refusal, is corrected and sent again without reload, with a fresh bot-check proof', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': (call) =>
        refuse ? [422, { code: 'invalid_ssn', message: 'x', error: 'x' }] : created(call),
    });
    const router = renderRegistration();
    await fillRegistration(user, { ssn: '123456789012311' });
    await user.click(submitButton());
    await within(errorSummary()).findByRole('link', { name: MESSAGES.ssnWrong });
    expect(bot.resets).toBe(1);
    refuse = false;
    await user.clear(screen.getByLabelText('Numéro de sécurité sociale (facultatif)'));
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Page du questionnaire' });
    expect(router.state.location.pathname).toBe('/pharmacie-demo/parts18to25/general');
    expect(calls.filter((c) => c.path === '/api/verify-recaptcha').map((c) => c.body)).toEqual([
      { token: 'proof-1' },
      { token: 'proof-2' },
    ]);
    expect(calls.filter((c) => c.path === '/api/utilisateur/create').at(-1)?.body).not.toHaveProperty(
      'numero_securite_sociale',
    );
  });

  it('keeps everything typed when the network fails, and offers "Réessayer"', async () => {
    const user = userEvent.setup();
    let offline = true;
    fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': (call) => (offline ? [0, null] : created(call)),
    });
    renderRegistration();
    await fillRegistration(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.network);
    expect(screen.getByLabelText('Prénom *')).toHaveValue('Camille');
    expect(screen.getByLabelText('Jour')).not.toHaveValue('');
    expect(screen.getByRole('checkbox')).toBeChecked();
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('heading', { name: 'Page du questionnaire' });
    expect(bot.solved).toBe(2);
  });

  it('refuses letters and more than 15 digits in the social security number as they are typed', async () => {
    const user = userEvent.setup();
    fakeApi(pharmacy);
    renderRegistration();
    const ssn = await screen.findByLabelText('Numéro de sécurité sociale (facultatif)');
    await user.type(ssn, '12a');
    expect(ssn).toHaveValue('12');
    expect(ssn).toHaveAccessibleDescription(/Veuillez n’entrer que des chiffres\./);
    await user.type(ssn, '34567890123456');
    expect(ssn).toHaveAccessibleDescription(/Le numéro de sécurité sociale compte 15\u00a0chiffres, clé comprise\./);
  });

  it('takes spaces and Corsica’s 2A, and says when the control key does not match the number', async () => {
    // Issue 41, point 12.
    const user = userEvent.setup();
    fakeApi(pharmacy);
    renderRegistration();
    const ssn = await screen.findByLabelText('Numéro de sécurité sociale (facultatif)');
    await user.type(ssn, '1 80 01 2A 123 456 21');
    expect(ssn).toHaveValue('1 80 01 2A 123 456 21');
    expect(ssn).toHaveAccessibleDescription(
      /La clé de contrôle ne correspond pas au numéro\u00a0: vérifiez les deux derniers chiffres\./,
    );
    await user.type(ssn, '{Backspace}0');
    expect(ssn).toHaveValue('1 80 01 2A 123 456 20');
    expect(ssn).not.toHaveAccessibleDescription(/clé de contrôle/);
  });
});
