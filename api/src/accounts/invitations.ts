import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invitations, type InvitationRow } from '../db/accountsSchema';
import { hashToken } from './secretToken';

export type InvitationReason = 'missing' | 'not_found' | 'expired' | 'used';

export const INVITATION_MESSAGES: Record<InvitationReason, string> = {
  missing: "Invitation manquante. Utilisez le lien d'inscription transmis.",
  not_found: 'Invitation introuvable.',
  expired: 'Invitation expirée. Demandez un nouveau lien.',
  used: 'Invitation déjà utilisée.',
};

export type InvitationCheck = { valid: true; invitation: InvitationRow } | { valid: false; reason: InvitationReason; message: string };

/** Whether an invitation token opens sign-up now, or why not. */
export function checkInvitation(db: Db, token: string | undefined, now: Date): InvitationCheck {
  const refuse = (reason: InvitationReason): InvitationCheck => ({ valid: false, reason, message: INVITATION_MESSAGES[reason] });
  if (!token) return refuse('missing');
  const row = db.select().from(invitations).where(eq(invitations.tokenHash, hashToken(token))).get();
  if (!row) return refuse('not_found');
  if (row.usedAt !== null) return refuse('used');
  if (row.expiresAt <= now.toISOString()) return refuse('expired');
  return { valid: true, invitation: row };
}

/** The status shown to the admin: used if usedAt is set, expired if past, otherwise active. */
export function invitationStatus(row: Pick<InvitationRow, 'usedAt' | 'expiresAt'>, now: Date): 'active' | 'used' | 'expired' {
  if (row.usedAt !== null) return 'used';
  if (row.expiresAt <= now.toISOString()) return 'expired';
  return 'active';
}
