import { describe, expect, it } from 'vitest';
import { invitationStatus } from './invitations';

describe('invitationStatus', () => {
  const now = new Date('2026-03-10T10:00:00.000Z');
  it('is used when usedAt is set, even once past its expiry', () => {
    expect(invitationStatus({ usedAt: '2026-03-01T00:00:00.000Z', expiresAt: '2026-03-02T00:00:00.000Z' }, now)).toBe(
      'used',
    );
  });
  it('is expired from its expiry instant on', () => {
    expect(invitationStatus({ usedAt: null, expiresAt: '2026-03-10T10:00:00.000Z' }, now)).toBe('expired');
    expect(invitationStatus({ usedAt: null, expiresAt: '2026-03-10T10:00:00.001Z' }, now)).toBe('active');
  });
});
