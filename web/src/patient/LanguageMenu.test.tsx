import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definitionRef } from '@bilan/engine';
import { patientLanguage } from '../i18n/patientLanguage';
import { questionnaireTranslations } from '../questionnaire/questionnaireTranslations';
import { fakeApi } from '../test/fakeApi';
import { registry } from '../test/registry';
import { renderRoutes } from '../test/renderRoutes';
import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { PatientQuestionnairePage } from './PatientQuestionnairePage';
import { saveQueue } from './saveQueue';

// Issue 46: the language menu of a questionnaire page switches the page and keeps the choice with
// the form; a language the server refuses for the form's version brings the page back to French.
const definition = registry.latest('45to50');
const ref = definitionRef(definition);
const [first] = definition.pages;

function onFirstPage() {
  sessionStorage.setItem('token', 'tok');
  act(() =>
    flowStore.startReal('45to50', {
      token: 'tok',
      definition: { id: definition.id, version: definition.version },
    }),
  );
  idleClock.touch();
  return renderRoutes(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/:part/:step', Component: PatientQuestionnairePage },
    ],
    [`/pharmacie-demo/parts45to50/${first?.route}`],
  );
}

afterEach(() => {
  // The page first: resetting the flow under a mounted page would send it to the start.
  cleanup();
  act(() => patientLanguage.reset());
  saveQueue.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('LanguageMenu on a questionnaire page', { timeout: 20_000 }, () => {
  it('offers the version’s languages, switches the page to English and keeps the choice with the form', async () => {
    expect(questionnaireTranslations.languagesOf(ref)).toContain('en');
    const calls = fakeApi({ 'PUT /api/utilisateur/me/language': () => [200, { language: 'en' }] });
    onFirstPage();
    await screen.findByRole('heading', { level: 1, name: first?.title });
    const menu = screen.getByRole('navigation', { name: 'Langue' });
    expect(menu).toHaveTextContent('English');
    await userEvent.click(screen.getByRole('button', { name: /^English/ }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.documentElement.dir).toBe('ltr');
    await screen.findByRole('navigation', { name: 'Language' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(first?.title);
    expect(screen.getByRole('button', { name: /^Next/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^English/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ language: 'en' }]),
    );
  });

  it('goes back to French when the server says the form’s version lacks the language', async () => {
    fakeApi({
      'PUT /api/utilisateur/me/language': () => [
        422,
        { code: 'language_unavailable', message: 'Langue indisponible', error: 'Langue indisponible' },
      ],
    });
    onFirstPage();
    await screen.findByRole('heading', { level: 1, name: first?.title });
    await userEvent.click(screen.getByRole('button', { name: /^English/ }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    await screen.findByRole('heading', { level: 1, name: first?.title });
    expect(screen.getByRole('button', { name: /^Suivant/ })).toBeInTheDocument();
  });
});
