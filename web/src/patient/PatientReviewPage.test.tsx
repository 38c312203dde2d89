import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../test/registry';
import { notifications } from '../notifications/notificationStore';
import { fakeApi, type Handler } from '../test/fakeApi';
import { answerResume, patientAndForm, resumeHandler } from '../test/patientForm';
import { RESUME_TITLE } from './ResumeDialog';
import { FORM_SUBMITTED, SEND_NETWORK } from './flowMessages';
import { flowStore } from './flowStore';
import { PatientReviewPage } from './PatientReviewPage';
import { renderRoutes } from '../test/renderRoutes';
import { PauseScreen } from './PauseScreen';

const definition = registry.latest('18to25');
const sections = definition.pages.map((p) => p.section);
const [first, second] = definition.pages;

function renderAt(path = '/pharmacie-demo/parts18to25/summary') {
  return renderRoutes(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/pause', Component: PauseScreen },
      { path: '/:pharmacyName/thank-you', Component: () => <h1>Merci</h1> },
      { path: '/:pharmacyName/:part/summary', Component: PatientReviewPage },
      { path: '/:pharmacyName/:part/:step', Component: () => <h1>Page du questionnaire</h1> },
    ],
    ['/pharmacie-demo/parts18to25/general', path],
  );
}

/** Camille's form in memory, as after her last "Suivant": every page saved. */
function filled(answers: object = { generalQuestions: { gender: 'female' } }, saved: string[] = sections) {
  sessionStorage.setItem('token', 'tok');
  act(() => {
    const band = flowStore.resume({ ...patientAndForm(saved, answers), ageGroup: '18to25' }, 'tok');
    if (band) flowStore.confirmIdentity();
  });
}

const submitted: Handler = () => [200, { status: 'submitted', submittedAt: '2026-01-01T10:00:00Z' }];

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('PatientReviewPage', () => {
  it('shows every answer by page with the record layer, "Modifier" links and the count of unanswered questions', async () => {
    filled();
    fakeApi({});
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos réponses avant l’envoi' })).toHaveFocus();
    const firstBlock = screen.getByRole('region', { name: first?.title });
    expect(within(firstBlock).getByText('Femme')).toBeInTheDocument();
    expect(within(firstBlock).getAllByText('Non renseigné').length).toBeGreaterThan(0);
    const edit = within(firstBlock).getByRole('link', {
      name: `Modifier les réponses de la page «\u00a0${first?.title}\u00a0»`,
    });
    expect(edit).toHaveAttribute('href', `/pharmacie-demo/parts18to25/${first?.route}?from=review`);
    expect(screen.getByText(/Vous avez répondu à 1 question sur \d+\./)).toBeInTheDocument();
    // The questions left blank, each a link to its page (issue 34).
    const blank = screen.getByRole('region', { name: /^\d+\squestions sans réponse$/ });
    const blankLinks = within(blank).getAllByRole('link');
    expect(blankLinks.length).toBeGreaterThan(1);
    expect(blank).toHaveTextContent(first?.title ?? '');
    for (const link of blankLinks)
      expect(link.getAttribute('href')).toMatch(/^\/pharmacie-demo\/parts18to25\/[\w-]+\?from=review$/);
    expect(within(blank).queryByRole('link', { name: /sexe|genre/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Modifier/ })).toHaveLength(definition.pages.length);
  });

  it('shows the answers under the same headings as the questionnaire page', async () => {
    filled();
    fakeApi({});
    renderAt();
    await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos réponses avant l’envoi' });
    const headings = (second?.items ?? []).flatMap((item) => (item.kind === 'heading' ? [item.text] : []));
    expect(headings.length).toBeGreaterThan(0);
    const block = screen.getByRole('region', { name: second?.title });
    const shown = within(block)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    // A heading shows when a question under it applies: the second page's all do for this answer set.
    expect(shown).toEqual(headings);
  });

  it('sends, replaces itself with the thank-you page and forgets the patient', async () => {
    filled();
    const calls = fakeApi({ 'POST /api/utilisateur/me/submit': submitted });
    const router = renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer mes réponses' }));
    await screen.findByRole('heading', { name: 'Merci' });
    expect(calls.filter((c) => c.path === '/api/utilisateur/me/submit')).toEqual([
      expect.objectContaining({ authorization: 'Bearer tok' }),
    ]);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(flowStore.get()).toMatchObject({ flow: null, answers: {}, drafts: {}, patient: null });
    // Back from the thank-you page reaches the page before the review, never the review itself.
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/pharmacie-demo/parts18to25/general');
  });

  it('counts a second finishing call refused with form_submitted as sent', async () => {
    filled();
    fakeApi({
      'POST /api/utilisateur/me/submit': () => [
        401,
        { code: 'form_submitted', message: FORM_SUBMITTED(), error: FORM_SUBMITTED() },
      ],
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer mes réponses' }));
    await screen.findByRole('heading', { name: 'Merci' });
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('keeps everything on a network failure and sends again with "Réessayer"', async () => {
    filled();
    let offline = true;
    fakeApi({ 'POST /api/utilisateur/me/submit': (call) => (offline ? [0, null] : submitted(call)) });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer mes réponses' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SEND_NETWORK());
    expect(screen.getByText('Femme')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('tok');
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('heading', { name: 'Merci' });
  });

  it('never tells the patient to look at the console', async () => {
    filled();
    fakeApi({ 'POST /api/utilisateur/me/submit': () => [500, { code: 'boom', message: 'x', error: 'x' }] });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer mes réponses' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/réessayez/);
    expect(alert).not.toHaveTextContent(/console/);
  });

  it('asks for confirmation before sending a questionnaire without any answer; Escape sends nothing', async () => {
    filled({});
    const calls = fakeApi({ 'POST /api/utilisateur/me/submit': submitted });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer mes réponses' }));
    const dialog = screen.getByRole('dialog', { name: 'Envoyer un questionnaire sans aucune réponse\u00a0?' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer sans réponse' }));
    await screen.findByRole('heading', { name: 'Merci' });
    expect(calls).toHaveLength(1);
  });

  it('lists the pages not yet validated in an error summary instead of sending', async () => {
    filled({ generalQuestions: { gender: 'female' } }, [first?.section ?? '']);
    const calls = fakeApi({});
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer mes réponses' }));
    const summary = screen.getByRole('heading', { name: 'Il y a un problème' }).parentElement;
    expect(summary).toHaveFocus();
    expect(
      within(summary as HTMLElement).getByRole('link', {
        name: `La page «\u00a0${second?.title}\u00a0» n’a pas encore été validée.`,
      }),
    ).toBeInTheDocument();
    // Nothing sent (the page's « still here » call, D39, is no sending).
    expect(calls.filter((c) => !c.path.endsWith('/still-here'))).toHaveLength(0);
  });

  it('says when a page shows changes that were not validated', async () => {
    filled();
    act(() => flowStore.setDraft('generalQuestions', { gender: 'male' }));
    fakeApi({});
    renderAt();
    expect(await screen.findByText(/Vous avez modifié cette page sans valider ces changements/)).toBeInTheDocument();
    // What is shown is what will be sent: the saved answer.
    expect(screen.getByText('Femme')).toBeInTheDocument();
  });

  it('after a reload asks the day and month of birth before showing the answers', async () => {
    sessionStorage.setItem('token', 'tok');
    fakeApi({ 'POST /api/utilisateur/me/resume': resumeHandler(() => patientAndForm(sections)) });
    renderAt();
    expect(await screen.findByRole('dialog', { name: RESUME_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('Femme')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Camille');
    await answerResume(userEvent);
    expect(await screen.findByText('Femme')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Questionnaire repris à la vérification de vos réponses/);
  });
});
