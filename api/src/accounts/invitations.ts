import type { InvitationRow } from '../db/schema';

type InvitationReason = 'missing' | 'not_found' | 'expired' | 'used';

const INVITATION_MESSAGES: Record<InvitationReason, string> = {
  missing: 'Invitation manquante. Utilisez le lien d’inscription transmis.',
  not_found: 'Invitation introuvable.',
  expired: 'Invitation expirée. Demandez un nouveau lien.',
  used: 'Invitation déjà utilisée.',
};

export type InvitationCheck =
  { valid: true; invitation: InvitationRow } | { valid: false; reason: InvitationReason; message: string };

/**
 * Whether an invitation opens sign-up now, or why not: `row` is the stored invitation of the
 * token (looked up by its hash), undefined when there is none.
 */
export function checkInvitation(token: string | undefined, row: InvitationRow | undefined, now: Date): InvitationCheck {
  const refuse = (reason: InvitationReason): InvitationCheck => ({
    valid: false,
    reason,
    message: INVITATION_MESSAGES[reason],
  });
  if (!token) return refuse('missing');
  if (!row) return refuse('not_found');
  const status = invitationStatus(row, now);
  return status === 'active' ? { valid: true, invitation: row } : refuse(status);
}

/** The status shown to the admin: used if usedAt is set, expired if past, otherwise active. */
export function invitationStatus(
  row: Pick<InvitationRow, 'usedAt' | 'expiresAt'>,
  now: Date,
): 'active' | 'used' | 'expired' {
  if (row.usedAt !== null) return 'used';
  if (row.expiresAt <= now.toISOString()) return 'expired';
  return 'active';
}
