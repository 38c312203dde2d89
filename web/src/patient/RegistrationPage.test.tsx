// The start screen of a pharmacy (/{pharmacyName}/userform): its greeting, sending the form,
// and a form in progress in this tab (D23). The form's own rules: RegistrationForm.test.tsx.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { resetBot } from '../test/fakeBotCheckField';
import { fakeApi } from '../test/fakeApi';
import { answerResume, resumeHandler } from '../test/patientForm';
import {
  bornAged,
  created,
  errorSummary,
  fillRegistration,
  pharmacy,
  renderRegistration,
  submitButton,
  verified,
} from '../test/registration';
import { flowStore } from './flowStore';
import { RESUME_TITLE } from './ResumeDialog';

vi.mock('./BotCheckField', () => import('../test/fakeBotCheckField'));

beforeEach(resetBot);
afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('RegistrationPage', () => {
  it('greets with the pharmacy name and links the privacy policy in a new tab', async () => {
    fakeApi(pharmacy);
    renderRegistration();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prenez soin de votre santé avec Pharmacie du Centre' }),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /politique de confidentialité/ });
    expect(link).toHaveAttribute('href', '/politiqueConfidentialite');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(submitButton().closest('form')).toHaveAttribute('novalidate');
  });

  it('says clearly when the pharmacy does not exist', async () => {
    fakeApi({});
    renderRegistration('/inconnue/userform');
    expect(await screen.findByRole('heading', { name: 'Pharmacie introuvable' })).toBeInTheDocument();
  });

  it('shows "Envoi…" while it sends and sends once', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      ...pharmacy,
      'POST /api/verify-recaptcha': verified,
      'POST /api/utilisateur/create': created,
    });
    renderRegistration();
    await fillRegistration(user, { ssn: '123456789012311' });
    await user.dblClick(submitButton());
    expect(screen.getByRole('button', { name: 'Envoi…' })).toBeDisabled();
    await screen.findByRole('heading', { name: 'Page du questionnaire' });
    expect(sessionStorage.getItem('token')).toBe('patient-token');
    expect(calls.filter((c) => c.path === '/api/utilisateur/create')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/api/utilisateur/create')?.body).toEqual({
      civilite: 'Madame',
      nom: 'Martin',
      prenom: 'Camille',
      date_naissance: bornAged(21).iso,
      email: 'camille@example.fr',
      numero_securite_sociale: '123456789012311',
      clientId: 7,
      consent: true,
      ticket: 'ticket-1',
    });
  });

  it('names the reCAPTCHA provider when the server uses it and its script is not loaded', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...pharmacy,
      'GET /api/bot-check/config': () => [200, { provider: 'recaptcha', label: 'reCAPTCHA', siteKey: 'site-key' }],
    });
    renderRegistration();
    await screen.findByText(/protégé par reCAPTCHA/);
    await fillRegistration(user);
    await user.click(submitButton());
    expect(
      within(errorSummary()).getByRole('link', { name: 'Erreur\u00a0: reCAPTCHA non chargé\u00a0!' }),
    ).toBeInTheDocument();
    expect(
      document.head.querySelector('script[src^="https://www.google.com/recaptcha/api.js?render=site-key"]'),
    ).not.toBeNull();
  });

  describe('with a form in progress in this tab', () => {
    const resume = {
      ...pharmacy,
      'POST /api/utilisateur/me/resume': resumeHandler(),
    };

    it('asks the day and month of birth, never a name; the right ones go back to the first page not yet saved', async () => {
      sessionStorage.setItem('token', 'tok');
      fakeApi(resume);
      const router = renderRegistration();
      expect(await screen.findByRole('dialog', { name: RESUME_TITLE })).toBeInTheDocument();
      expect(document.body).not.toHaveTextContent('Camille');
      await answerResume(userEvent);
      await screen.findByRole('heading', { name: 'Page du questionnaire' });
      expect(router.state.location.pathname).toBe('/pharmacie-demo/parts18to25/health-history');
      expect(flowStore.get().identity).toBe('confirmed');
    });

    it('"Non, commencer un nouveau questionnaire" forgets it and leaves an empty form', async () => {
      sessionStorage.setItem('token', 'tok');
      fakeApi(resume);
      renderRegistration();
      expect(await screen.findByRole('dialog', { name: RESUME_TITLE })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Non, commencer un nouveau questionnaire' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(flowStore.get().answers).toEqual({});
      expect(screen.getByLabelText('Prénom *')).toHaveValue('');
    });

    it('Escape closes the question and forgets nothing: it can be asked again', async () => {
      sessionStorage.setItem('token', 'tok');
      fakeApi(resume);
      renderRegistration();
      const dialog = await screen.findByRole('dialog');
      act(() => {
        dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sessionStorage.getItem('token')).toBe('tok');
      await userEvent.click(screen.getByRole('button', { name: 'Reprendre le questionnaire commencé' }));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('forgets a finished form once the question is answered, and shows an empty form', async () => {
      sessionStorage.setItem('token', 'tok');
      fakeApi({
        ...pharmacy,
        'POST /api/utilisateur/me/resume': () => [401, { code: 'form_submitted', message: 'x', error: 'x' }],
      });
      renderRegistration();
      await answerResume(userEvent);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(screen.getByLabelText('Prénom *')).toHaveValue('');
    });
  });
});
