import { afterEach, describe, expect, it, vi } from 'vitest';
import { INFO_TIMEOUT_MS, notifications } from './notificationStore';

afterEach(() => {
  notifications.clear();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('hides an information message after 3000 ms but keeps an error', () => {
    vi.useFakeTimers();
    notifications.info('Email envoyé avec succès\u00a0!');
    notifications.error('Erreur lors de l’envoi de l’email.');
    vi.advanceTimersByTime(INFO_TIMEOUT_MS - 1);
    expect(notifications.snapshot().map((n) => n.kind)).toEqual(['info', 'error']);
    vi.advanceTimersByTime(1);
    expect(notifications.snapshot().map((n) => n.text)).toEqual(['Erreur lors de l’envoi de l’email.']);
    vi.advanceTimersByTime(60_000);
    expect(notifications.snapshot()).toHaveLength(1);
  });

  it('withdraws errors once resolved and shows a repeated error once', () => {
    notifications.error('Une erreur est survenue. Veuillez réessayer.');
    notifications.error('Une erreur est survenue. Veuillez réessayer.');
    expect(notifications.snapshot()).toHaveLength(1);
    notifications.resolveErrors();
    expect(notifications.snapshot()).toHaveLength(0);
  });
});
