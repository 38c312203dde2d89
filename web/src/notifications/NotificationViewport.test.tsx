import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationViewport } from './NotificationViewport';
import { notifications } from './notificationStore';

afterEach(() => notifications.clear());

describe('NotificationViewport', () => {
  it('announces errors as alerts and information as status, and closes an error on request', async () => {
    render(<NotificationViewport />);
    act(() => {
      notifications.error('Erreur lors de la création de votre profil.');
      notifications.info('Réponses sauvegardées avec succès\u00a0!');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur lors de la création de votre profil.');
    expect(screen.getByRole('status')).toHaveTextContent('Réponses sauvegardées avec succès !');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer le message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
