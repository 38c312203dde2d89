import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { EMAIL_ADDRESS } from '../shared/text/emailAddress';
import { accountEmails } from '../mail';
import { checkInvitation, type InvitationCheck } from './invitations';
import { normalizeEmail } from './normalizeEmail';
import { hashPassword } from './passwordHash';
import { checkPassword } from './passwordPolicy';
import { hashToken, newSecretToken } from './secretToken';

const VERIFY_EMAIL_TTL_MS = 48 * 3600_000;

/** Route segments of the site itself, which no pharmacy may take as its name ({clientName}). */
const RESERVED_NAMES = new Set([
  'admin',
  'api',
  'assets',
  'login',
  'logout',
  'verify',
  'register',
  'form',
  'formulaire',
  'submit',
  'summary',
  'dashboard',
  'email-verifie',
  'forgot-password',
  'reset-password',
  'mentions-legales',
  'politiqueconfidentialite',
  'cgu',
  'static',
  'docs',
]);
const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What the register form sends: the spec's `{ name, nom, email, password, inviteToken }`. */
export interface RegistrationInput {
  name: string;
  displayName: string;
  email: string;
  password: string;
  inviteToken: string;
}

const nameTaken = () => new ApiError(409, 'name_taken', 'Ce nom de compte est réservé ou déjà utilisé.');

/** Sign-up by invitation (pharmacy accounts only) and the e-mail verification that follows. */
export function registrationService(app: FastifyInstance) {
  const repo = app.accountsRepository;

  async function invitationOf(token: string | undefined): Promise<InvitationCheck> {
    return checkInvitation(token, token ? await repo.findInvitation(hashToken(token)) : undefined, app.clock());
  }

  /** The form's checks, in the order the register screen shows them; throws the first failure. */
  function checkForm(
    name: string,
    displayName: string,
    email: string,
    password: string,
    check: Extract<InvitationCheck, { valid: true }>,
  ) {
    if (!name || !displayName || !email || !password)
      throw new ApiError(400, 'invalid_request', 'Tous les champs sont obligatoires.');
    if (name.length > 64 || !NAME_PATTERN.test(name)) {
      throw new ApiError(
        400,
        'invalid_name',
        'Le nom du compte ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (64 caractères au plus).',
      );
    }
    if (RESERVED_NAMES.has(name)) throw nameTaken();
    if ([...displayName].length > 128)
      throw new ApiError(400, 'invalid_nom', 'Le nom affiché contient 128 caractères au plus.');
    if (!EMAIL_ADDRESS.test(email)) throw new ApiError(400, 'invalid_email', 'Adresse e-mail invalide.');
    if (check.invitation.email && check.invitation.email !== email) {
      throw new ApiError(400, 'invite_email_mismatch', 'Cette invitation est réservée à une autre adresse e-mail.');
    }
    const problem = checkPassword(password);
    if (problem) throw new ApiError(400, problem.code, problem.message);
  }

  return {
    /** POST /api/auth/check-invite: whether the link still opens sign-up. */
    async checkInvite(token: string | undefined) {
      const check = await invitationOf(token);
      if (!check.valid) return { valid: false, reason: check.reason, email: null, expiresAt: null };
      return { valid: true, reason: null, email: check.invitation.email, expiresAt: check.invitation.expiresAt };
    },

    /** Opens a pharmacy account and e-mails its verification link. */
    async register(input: RegistrationInput): Promise<void> {
      const name = input.name.trimStart();
      const displayName = input.displayName.trimStart();
      const email = normalizeEmail(input.email);
      const { password, inviteToken } = input;
      if (!inviteToken) throw new ApiError(400, 'invite_missing', 'Accès restreint\u00a0: invitation invalide.');
      const check = await invitationOf(inviteToken);
      if (!check.valid) throw new ApiError(400, `invite_${check.reason}`, check.message);
      checkForm(name, displayName, email, password, check);
      if (await repo.findByName(name)) throw nameTaken();
      if (await repo.findByEmail(email))
        throw new ApiError(409, 'email_taken', 'Un compte existe déjà avec cette adresse e-mail.');
      const passwordHash = await hashPassword(password);
      const at = app.clock();
      const verification = newSecretToken();
      const created = await repo.registerPharmacy({
        pharmacy: { name, displayName, email, passwordHash },
        invitationId: check.invitation.id,
        verification: {
          tokenHash: verification.hash,
          expiresAt: new Date(at.getTime() + VERIFY_EMAIL_TTL_MS).toISOString(),
        },
        now: at.toISOString(),
      });
      if (!created) throw new ApiError(400, 'invite_used', 'Invitation déjà utilisée.');
      await app.mailer.enqueue(
        accountEmails.verifyEmail(email, `${app.config.publicUrl}/email-verifie#token=${verification.token}`),
      );
    },

    /** Spends a verification link; true when the address is now verified. */
    async verifyEmail(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      return (await repo.verifyEmail(hashToken(token), app.clock().toISOString())) !== false;
    },
  };
}
