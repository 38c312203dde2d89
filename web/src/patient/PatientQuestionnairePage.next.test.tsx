// « Suivant » in the app's own router (routing/AppRouter.tsx): the next page is drawn once, with
// the flow's copy of the page just left, and the page being left is never drawn again (issue 44).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from '../routing/AppRouter';
import { registry } from '../test/registry';
import { fakeApi, type Handler } from '../test/fakeApi';
import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { PatientQuestionnairePage } from './PatientQuestionnairePage';
import { saveQueue } from './saveQueue';

const definition = registry.latest('18to25');
const [first, second] = definition.pages;

const routes: RouteObject[] = [
  { path: '/:pharmacyName/:part/summary', Component: () => <h1>Vérification</h1> },
  { path: '/:pharmacyName/:part/:step', Component: PatientQuestionnairePage },
];

function Screens() {
  return useRoutes(routes);
}

const echoSave: Handler = (call) => {
  const body = call.body as { pageKey: string; reponses: unknown };
  return [200, { pageKey: body.pageKey, reponses: body.reponses, dropped: [], savedPages: [body.pageKey] }];
};

afterEach(() => {
  saveQueue.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('PatientQuestionnairePage: « Suivant » in the app’s router', { timeout: 20_000 }, () => {
  it('draws the next page with the flow’s copy of the page just left, and never that page again', async () => {
    if (!first || !second) throw new Error('the 18-25 questionnaire has fewer than two pages');
    sessionStorage.setItem('token', 'tok');
    flowStore.startReal('18to25', { token: 'tok', definition: null });
    idleClock.touch();
    fakeApi({ 'PATCH /api/utilisateur/me/responses': echoSave });
    window.history.replaceState(null, '', `/pharmacie-demo/parts18to25/${first.route}`);
    // Each commit: the heading on screen, and whether the flow's copy holds the first page.
    const commits: string[] = [];
    const recordCommit = () =>
      commits.push(
        `${document.querySelector('h1')?.textContent} | ${flowStore.get().savedSections.includes(first.section) ? 'saved' : 'not saved'}`,
      );
    render(
      <AppRouter routes={routes}>
        <Profiler id="screen" onRender={recordCommit}>
          <Screens />
        </Profiler>
      </AppRouter>,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Femme' }));
    // From the click itself: the pointer and focus events before it may draw the page, as they would anyway.
    document.addEventListener('click', () => (commits.length = 0), { capture: true, once: true });
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 1, name: second.title });
    expect(await screen.findByRole('button', { name: 'Suivant' })).toBeEnabled();
    expect(commits[0]).toBe(`${second.title} | saved`);
    expect(commits.filter((commit) => commit.startsWith(`${first.title} |`))).toEqual([]);
    expect(flowStore.get().answers[first.section]).toEqual({ gender: 'female' });
  });
});
