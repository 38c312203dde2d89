import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../test/registry';
import { notifications } from '../notifications/notificationStore';
import { fakeApi, type Handler } from '../test/fakeApi';
import { answerResume, patientAndForm, resumeHandler } from '../test/patientForm';
import { FORM_SUBMITTED, RESUME_CLOSED } from './flowMessages';
import { flowStore } from './flowStore';
import { IDLE_LIMIT_MS, idleClock } from './idleClock';
import { PatientQuestionnairePage } from './PatientQuestionnairePage';
import { RESUME_TITLE } from './ResumeDialog';
import { saveQueue } from './saveQueue';
import { renderRoutes } from '../test/renderRoutes';
import { PauseScreen } from './PauseScreen';

const definition = registry.latest('18to25');
const [first, second, , last] = definition.pages;
const resumeQuestion = RESUME_TITLE;

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/pause', Component: PauseScreen },
      { path: '/:pharmacyName/:part/summary', Component: () => <h1>Vérification</h1> },
      { path: '/:pharmacyName/:part/:step', Component: PatientQuestionnairePage },
    ],
    [path],
  );
}

const echoSave: Handler = (call) => {
  const body = call.body as { pageKey: string; reponses: unknown };
  return [200, { pageKey: body.pageKey, reponses: body.reponses, dropped: [], savedPages: [body.pageKey] }];
};

/** A patient who has just registered in this tab: the flow is theirs, nothing to ask. */
function registeredJustNow() {
  sessionStorage.setItem('token', 'tok');
  act(() => flowStore.startReal('18to25', { token: 'tok', definition: null }));
  idleClock.touch();
}

afterEach(() => {
  notifications.clear();
  saveQueue.clear();
  flowStore.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PatientQuestionnairePage', { timeout: 20_000 }, () => {
  it('after a reload asks the day and month of birth before reading any answer, then says where it resumed', async () => {
    sessionStorage.setItem('token', 'tok');
    const calls = fakeApi({
      'POST /api/utilisateur/me/resume': resumeHandler(),
      'PATCH /api/utilisateur/me/responses': echoSave,
    });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    const dialog = await screen.findByRole('dialog', { name: resumeQuestion });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Camille');
    // Nothing is read from the server before the question is answered.
    expect(calls).toEqual([]);
    await answerResume(userEvent, '14', '1');
    expect(
      await within(dialog).findByText(
        'Ce n’est pas la date de naissance donnée au début de ce questionnaire. Il vous reste 2 essais.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await answerResume(userEvent);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.map((c) => [c.path, c.body, c.authorization])).toEqual([
      ['/api/utilisateur/me/resume', { jour: 14, mois: 1 }, 'Bearer tok'],
      ['/api/utilisateur/me/resume', { jour: 15, mois: 1 }, 'Bearer tok'],
    ]);
    expect(await screen.findByRole('radio', { name: 'Femme' })).toBeChecked();
    // The page also holds the renderer's polite line for exclusive boxes: read the banner itself.
    const banner = screen.getAllByRole('status').find((s) => s.classList.contains('resumed-banner'));
    expect(banner).toHaveTextContent(
      /Questionnaire repris à l’étape 1 sur 4.*Les réponses de la page validée avec « Suivant » sont conservées/,
    );
  });

  it('opens the next page at once while the save goes to the server, « Enregistrement… » beside the button, sent once', async () => {
    registeredJustNow();
    const bodies: unknown[] = [];
    let release: () => void = () => undefined;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      // The page's « still here » call (D39) goes alongside: not a save.
      if (String(input).endsWith('/still-here')) return Promise.resolve(Response.json({ status: 'seen' }));
      bodies.push({
        authorization: new Headers(init?.headers).get('Authorization'),
        body: JSON.parse(String(init?.body)),
      });
      return new Promise<Response>((resolve) => {
        release = () =>
          resolve(
            new Response(
              JSON.stringify({
                pageKey: 'generalQuestions',
                reponses: { gender: 'female' },
                dropped: [],
                savedPages: ['generalQuestions'],
                version: 1,
              }),
              { status: 200 },
            ),
          );
      });
    });
    const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await userEvent.click(await screen.findByRole('radio', { name: 'Femme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    // The next page is there before the server answered; its button keeps its words.
    expect(await screen.findByRole('heading', { level: 1, name: second?.title })).toHaveFocus();
    expect(router.state.location.pathname).toBe(`/pharmacie-demo/parts18to25/${second?.route}`);
    // The questions follow the heading a frame later, the button with its words.
    expect(await screen.findByRole('button', { name: 'Suivant' })).toBeEnabled();
    expect(document.querySelector('.saving-note')).toHaveTextContent('Enregistrement…');
    expect(screen.queryByText('Envoi…')).not.toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(document.querySelector('.saving-note')).toHaveTextContent(''));
    expect(bodies).toEqual([
      { authorization: 'Bearer tok', body: { pageKey: 'generalQuestions', reponses: { gender: 'female' } } },
    ]);
    expect(flowStore.get().answers.generalQuestions).toEqual({ gender: 'female' });
  });

  it('keeps the saves through a lost connection: retried in order, a calm banner after 10 s, « Réessayer »', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    registeredJustNow();
    let offline = true;
    const calls = fakeApi({
      'PATCH /api/utilisateur/me/responses': (call) => (offline ? [0, null] : echoSave(call)),
    });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await user.click(await screen.findByRole('radio', { name: 'Femme' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second?.title });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const third = definition.pages[2];
    await screen.findByRole('heading', { level: 1, name: third?.title });
    expect(screen.queryByText(/prend plus de temps que prévu/)).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    expect(await screen.findByText(/prend plus de temps que prévu/)).toBeInTheDocument();
    const tries = calls.length;
    expect(tries).toBeGreaterThan(1);
    // Every try is the first page's: the second waits behind it.
    expect(new Set(calls.map((c) => (c.body as { pageKey: string }).pageKey))).toEqual(new Set(['generalQuestions']));
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByText(/prend plus de temps que prévu/)).not.toBeInTheDocument());
    expect(calls.slice(tries).map((c) => (c.body as { pageKey: string }).pageKey)).toEqual([
      'generalQuestions',
      second?.section,
    ]);
    expect(screen.getByRole('heading', { level: 1, name: third?.title })).toBeInTheDocument();
  });

  it('hands a page the server refuses back to be validated again, and goes on with the others', async () => {
    registeredJustNow();
    fakeApi({
      'PATCH /api/utilisateur/me/responses': () => [422, { code: 'invalid_answers', message: 'x', error: 'x' }],
    });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await userEvent.click(await screen.findByRole('radio', { name: 'Femme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second?.title });
    await waitFor(() => expect(flowStore.get().savedSections).toEqual([]));
    expect(flowStore.get().drafts.generalQuestions).toEqual({ gender: 'female' });
  });

  it('answers the sex question from the civility of the registration, and the patient can still change it', async () => {
    sessionStorage.setItem('token', 'tok');
    act(() => flowStore.startReal('18to25', { token: 'tok', civility: 'Madame', definition: null }));
    idleClock.touch();
    const calls = fakeApi({ 'PATCH /api/utilisateur/me/responses': echoSave });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    expect(await screen.findByRole('radio', { name: 'Femme' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Homme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second?.title });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ pageKey: 'generalQuestions', reponses: { gender: 'male' } });
    // Back on the page, the answer given stays: the civility fills only a page never saved.
    await userEvent.click(await screen.findByRole('button', { name: /Précédent/ }));
    expect(await screen.findByRole('radio', { name: 'Homme' })).toBeChecked();
  });

  it('gives each step its own page title (RGAA 8.6)', async () => {
    registeredJustNow();
    fakeApi({});
    renderAt(`/pharmacie-demo/parts18to25/${second?.route}`);
    await screen.findByRole('heading', { level: 1, name: second?.title });
    // The review before sending is the last step; the title is written once the page is painted.
    await waitFor(() =>
      expect(document.title).toBe(
        `Étape 2 sur ${definition.pages.length + 1}\u00a0: ${second?.title} – Bilan Prévention`,
      ),
    );
  });

  it('"Précédent" and the Back button keep what the page shows, saved or not', async () => {
    registeredJustNow();
    fakeApi({ 'PATCH /api/utilisateur/me/responses': echoSave });
    const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await userEvent.click(await screen.findByRole('radio', { name: 'Femme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second?.title });
    expect(await screen.findByRole('button', { name: /Précédent/ })).toBeInTheDocument();
    const box = screen.getAllByRole('checkbox')[0];
    if (!box) throw new Error('no checkbox on the second page');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: /Précédent/ }));
    expect(await screen.findByRole('heading', { level: 1, name: first?.title })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Femme' })).toBeChecked();
    expect(screen.queryByRole('button', { name: /Précédent/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second?.title });
    expect((await screen.findAllByRole('checkbox'))[0]).toBeChecked();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('radio', { name: 'Femme' })).toBeChecked();
  });

  it('goes back to the review page from a page opened with "Modifier"', async () => {
    registeredJustNow();
    fakeApi({ 'PATCH /api/utilisateur/me/responses': echoSave });
    const router = renderAt(`/pharmacie-demo/parts18to25/${second?.route}?from=review`);
    await userEvent.click(await screen.findByRole('button', { name: 'Revenir à la vérification' }));
    await screen.findByRole('heading', { name: 'Vérification' });
    expect(router.state.location.pathname).toBe('/pharmacie-demo/parts18to25/summary');
  });

  it('the last page leads to the review page, not to the finishing call', async () => {
    registeredJustNow();
    const calls = fakeApi({ 'PATCH /api/utilisateur/me/responses': echoSave });
    renderAt(`/pharmacie-demo/parts18to25/${last?.route}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Vérification' });
    expect(calls.some((c) => c.path === '/api/utilisateur/me/submit')).toBe(false);
  });

  it('forgets a form the server says is finished and shows the start screen with why', async () => {
    registeredJustNow();
    fakeApi({
      'PATCH /api/utilisateur/me/responses': () => [
        401,
        { code: 'form_submitted', message: FORM_SUBMITTED(), error: FORM_SUBMITTED() },
      ],
    });
    const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Inscription' });
    expect(router.state.location.pathname).toBe('/pharmacie-demo/userform');
    expect(screen.getByRole('status')).toHaveTextContent(FORM_SUBMITTED());
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(flowStore.get().answers).toEqual({});
  });

  it('shows the start screen, never a page, without a live session', async () => {
    fakeApi({});
    const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await screen.findByRole('heading', { name: 'Inscription' });
    expect(router.state.location.pathname).toBe('/pharmacie-demo/userform');
  });

  it('never shows a finished form read back from the server', async () => {
    sessionStorage.setItem('token', 'tok');
    fakeApi({
      'POST /api/utilisateur/me/resume': resumeHandler(() => ({
        ...patientAndForm(['generalQuestions']),
        status: 'submitted',
      })),
    });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await answerResume(userEvent);
    await screen.findByRole('heading', { name: 'Inscription' });
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('closes the form on this device at the third wrong date of birth', async () => {
    sessionStorage.setItem('token', 'tok');
    fakeApi({ 'POST /api/utilisateur/me/resume': resumeHandler() });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await answerResume(userEvent, '1', '2');
    expect(await screen.findByText(/Il vous reste 2 essais/)).toBeInTheDocument();
    await answerResume(userEvent, '1', '2');
    expect(await screen.findByText(/Il vous reste un essai/)).toBeInTheDocument();
    await answerResume(userEvent, '1', '2');
    await screen.findByRole('heading', { name: 'Inscription' });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(flowStore.get().flow).toBeNull();
    expect(notifications.snapshot().map((n) => n.text)).toContain(RESUME_CLOSED());
  });

  it('keeps the question open with "Réessayer" words when the server cannot be reached', async () => {
    sessionStorage.setItem('token', 'tok');
    let offline = true;
    const resume = resumeHandler();
    fakeApi({ 'POST /api/utilisateur/me/resume': (call) => (offline ? [0, null] : resume(call)) });
    renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
    await answerResume(userEvent);
    await waitFor(() =>
      expect(document.getElementById('resume-error')).toHaveTextContent(
        /^La vérification n’a pas pu se faire.*la connexion au serveur a échoué/,
      ),
    );
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Oui, reprendre mon questionnaire' }));
    expect(await screen.findByRole('radio', { name: 'Femme' })).toBeChecked();
  });

  describe('left idle', () => {
    it('after 20 minutes, the next action asks the question instead of changing an answer; Escape forgets nothing', async () => {
      registeredJustNow();
      fakeApi({ 'POST /api/utilisateur/me/resume': resumeHandler() });
      renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
      fireEvent.click(await screen.findByRole('radio', { name: 'Femme' }));
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + IDLE_LIMIT_MS + 1000);
      const homme = screen.getByRole('radio', { name: 'Homme' });
      expect(fireEvent.pointerDown(homme)).toBe(false);
      fireEvent.click(homme);
      expect(await screen.findByRole('dialog', { name: resumeQuestion })).toBeInTheDocument();
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sessionStorage.getItem('token')).toBe('tok');
      await userEvent.click(screen.getByRole('button', { name: 'Reprendre le questionnaire commencé' }));
      await answerResume(userEvent);
      expect(await screen.findByRole('radio', { name: 'Femme' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'Homme' })).not.toBeChecked();
    });

    it('"Non, commencer un nouveau questionnaire" forgets the form and opens the registration screen', async () => {
      registeredJustNow();
      fakeApi({});
      const router = renderAt(`/pharmacie-demo/parts18to25/${first?.route}`);
      await screen.findByRole('radio', { name: 'Femme' });
      act(() => flowStore.askIdentity());
      await userEvent.click(await screen.findByRole('button', { name: 'Non, commencer un nouveau questionnaire' }));
      await screen.findByRole('heading', { name: 'Inscription' });
      expect(router.state.location.pathname).toBe('/pharmacie-demo/userform');
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(flowStore.get().flow).toBeNull();
    });
  });
});
