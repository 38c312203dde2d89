import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { flowStore } from './flowStore';
import { PatientThankYouPage } from './PatientThankYouPage';

afterEach(() => {
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('PatientThankYouPage', () => {
  it('names the pharmacy, says what happens next, and forgets the patient (D23)', async () => {
    sessionStorage.setItem('token', 'tok');
    act(() => {
      flowStore.startReal('45to50', { token: 'tok', definition: null });
      flowStore.saveSection('physicalHealth', { height: 170 });
    });
    fakeApi({
      'GET /api/clients/public/pharmacie-merci': () => [
        200,
        { client: { id: 3, name: 'pharmacie-merci', nom: 'Pharmacie de la Gare' } },
      ],
    });
    const router = createMemoryRouter([{ path: '/:pharmacyName/thank-you', Component: PatientThankYouPage }], {
      initialEntries: ['/pharmacie-merci/thank-you'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'MERCI\u00a0!' })).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(flowStore.get()).toMatchObject({ flow: null, answers: {}, patient: null });
    expect(
      await screen.findByText(
        'Présentez-vous au comptoir de Pharmacie de la Gare : votre pharmacien a reçu vos réponses.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute(
      'href',
      '/pharmacie-merci/userform',
    );
  });

  it('says again the help lines the answers brought up, then forgets them', async () => {
    fakeApi({
      'GET /api/clients/public/pharmacie-merci': () => [
        200,
        { client: { id: 3, name: 'pharmacie-merci', nom: 'Pharmacie de la Gare' } },
      ],
    });
    const help = [
      {
        kind: 'notice',
        key: 'suicideNotice',
        level: 'urgent',
        text: 'Vous pouvez appeler à tout moment le 3114.',
        phones: ['3114'],
      },
    ];
    const router = createMemoryRouter([{ path: '/:pharmacyName/thank-you', Component: PatientThankYouPage }], {
      initialEntries: [{ pathname: '/pharmacie-merci/thank-you', state: { help } }],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('link', { name: 'Appeler le 3114' })).toHaveAttribute('href', 'tel:3114');
    // The history entry no longer carries them: a reload, or the next person, sees none.
    await vi.waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('link', { name: 'Appeler le 3114' })).toBeInTheDocument();
  });

  it('shows no help line after answers that brought none', () => {
    const router = createMemoryRouter([{ path: '/:pharmacyName/thank-you', Component: PatientThankYouPage }], {
      initialEntries: ['/pharmacie-merci/thank-you'],
    });
    fakeApi({ 'GET /api/clients/public/pharmacie-merci': () => [404, { code: 'not_found' }] });
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('link', { name: /^Appeler le/ })).toBeNull();
  });
});
