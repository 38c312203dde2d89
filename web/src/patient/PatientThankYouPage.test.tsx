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
});
