import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors';
import { accountTokens, invitations, loginCodes, staffSessions } from '../db/accountsSchema';
import { clients, emails, type ClientRow } from '../db/schema';
import { errors } from '../routes/schemas';
import { accountEmails } from './accountEmails';
import { checkInvitation } from './invitations';
import { LoginLimiter } from './loginLimiter';
import { normalizeEmail } from './normalizeEmail';
import { decoyHash, hashPassword, verifyPassword } from './passwordHash';
import { checkPassword } from './passwordPolicy';
import { hashLoginCode, hashToken, newLoginCode, newSecretToken, sameDigest } from './secretToken';
import { authenticateMfa, issueMfaToken, issueStaffToken, MFA_TTL_SECONDS, staffGuards } from './staffAuth';
import { WindowCounter } from './windowCounter';

export const MAX_CODE_ATTEMPTS = 5;
const VERIFY_EMAIL_TTL_MS = 48 * 3600_000;
const RESET_TTL_MS = 3600_000;
export const RESET_REQUESTED = "Un email de réinitialisation a été envoyé si l'adresse est connue.";

/** Route segments of the site itself, which no pharmacy may take as its {clientName}. */
const RESERVED_NAMES = new Set([
  'admin', 'api', 'assets', 'login', 'logout', 'verify', 'register', 'form', 'formulaire', 'submit', 'summary', 'dashboard',
  'email-verifie', 'forgot-password', 'reset-password', 'mentions-legales', 'politiqueconfidentialite', 'cgu', 'static', 'docs',
]);
const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const publicClient = {
  type: 'object',
  required: ['id', 'name', 'nom', 'email', 'role'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, nom: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
} as const;

function clientView(c: ClientRow) {
  return { id: c.id, name: c.name, nom: c.nom, email: c.email, role: c.role };
}

function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(text);
}

const tooMany = (seconds: number) =>
  new ApiError(429, 'too_many_attempts', `Trop de tentatives. Réessayez dans ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`);

/** Login with the e-mailed second factor, sign-up by invitation, e-mail verification, reset, logout. */
const authRoutes: FastifyPluginAsync = async (app) => {
  const now = () => app.clock();
  const limiter = new LoginLimiter(() => app.clock().getTime());
  // Reset e-mails per target address: beyond it the answer stays the same but nothing is sent.
  const resetPerAddress = new WindowCounter(3600_000, () => app.clock().getTime());
  const codeKey = app.config.jwtSecret;
  const { requireStaff } = staffGuards(app);

  // The mail queue keeps each message's text; once a code or link has served, its copy there is
  // blanked so that the table never holds a usable secret longer than needed.
  function redactSent(to: string, kind: string) {
    app.db
      .update(emails)
      .set({ text: '[contenu masqué après usage]', html: null })
      .where(and(eq(emails.to, to), eq(emails.kind, kind), eq(emails.status, 'sent')))
      .run();
  }

  function checkLimit(key: string, ip: string) {
    const verdict = limiter.check(key, ip);
    if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
  }

  app.post<{ Body: { email: string; password: string } }>(
    '/api/auth/login',
    {
      // Each attempt costs an argon2 hash: a plain request cap per address keeps the CPU safe.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['comptes'],
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 1024 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['token'],
            properties: { step: { type: 'string', enum: ['verify'] }, token: { type: 'string' }, client: publicClient },
          },
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const { password } = request.body;
      if (!email || !password) throw new ApiError(400, 'invalid_request', 'Veuillez saisir votre adresse e-mail et votre mot de passe.');
      checkLimit(email, request.ip);
      const client = app.db.select().from(clients).where(eq(clients.email, email)).get();
      // An unknown address costs the same argon2 work as a known one: no timing tells them apart.
      const ok = client?.passwordHash ? await verifyPassword(client.passwordHash, password) : (await verifyPassword(await decoyHash(), password), false);
      if (!client || !ok) {
        limiter.recordFailure(email, request.ip);
        throw new ApiError(401, 'invalid_credentials', 'Adresse e-mail ou mot de passe incorrect.');
      }
      if (client.disabledAt !== null) throw new ApiError(403, 'account_disabled', 'Ce compte est désactivé. Contactez l’équipe Bilan Prévention.');
      if (client.emailVerifiedAt === null) {
        throw new ApiError(403, 'email_not_verified', 'Adresse e-mail non vérifiée : ouvrez le lien reçu par e-mail lors de l’inscription.');
      }
      // D16: the second factor is on by default and admins cannot turn it off.
      if (client.twoFactorEnabled || client.role === 'admin') {
        const challengeId = randomUUID();
        const code = newLoginCode();
        const at = now();
        app.db
          .insert(loginCodes)
          .values({
            clientId: client.id,
            challengeId,
            codeHash: hashLoginCode(code, challengeId, codeKey),
            expiresAt: new Date(at.getTime() + MFA_TTL_SECONDS * 1000).toISOString(),
            createdAt: at.toISOString(),
          })
          .run();
        await app.mailer.enqueue(accountEmails.loginCode(client.email, code));
        return { step: 'verify' as const, token: issueMfaToken(app, client.id, challengeId) };
      }
      limiter.recordSuccess(email, request.ip);
      return { token: issueStaffToken(app, client), client: clientView(client) };
    },
  );

  app.post<{ Body: { email: string; code: string } }>(
    '/api/auth/verify',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['comptes'],
        body: {
          type: 'object',
          required: ['email', 'code'],
          properties: { email: { type: 'string', maxLength: 254 }, code: { type: 'string', maxLength: 16 } },
        },
        response: {
          200: { type: 'object', required: ['token', 'client'], properties: { token: { type: 'string' }, client: publicClient } },
          ...errors(400, 401, 429),
        },
      },
    },
    async (request) => {
      const claims = await authenticateMfa(request);
      const email = normalizeEmail(request.body.email);
      const code = request.body.code.trim();
      if (!/^\d{6}$/.test(code)) throw new ApiError(400, 'invalid_code_format', 'Le code contient 6 chiffres.');
      checkLimit(email, request.ip);
      const client = app.db.select().from(clients).where(eq(clients.id, claims.sub)).get();
      const row = app.db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.challengeId, claims.jti), eq(loginCodes.clientId, claims.sub)))
        .get();
      const at = now();
      const expired = new ApiError(401, 'code_expired', 'Code expiré ou déjà utilisé. Merci de vous reconnecter.');
      if (!client || client.email !== email || client.disabledAt !== null || !row || row.usedAt !== null) throw expired;
      if (row.expiresAt <= at.toISOString()) throw expired;
      // Count the try before comparing, in one statement, so parallel guesses cannot exceed 5.
      const counted = app.db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(and(eq(loginCodes.id, row.id), lt(loginCodes.attempts, MAX_CODE_ATTEMPTS), isNull(loginCodes.usedAt)))
        .run().changes;
      if (counted === 0) throw new ApiError(401, 'too_many_code_attempts', 'Trop de codes erronés. Merci de vous reconnecter pour recevoir un nouveau code.');
      if (!sameDigest(row.codeHash, hashLoginCode(code, claims.jti, codeKey))) {
        limiter.recordFailure(email, request.ip);
        const left = MAX_CODE_ATTEMPTS - row.attempts - 1;
        throw new ApiError(
          401,
          'invalid_code',
          left > 0 ? `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.` : 'Code incorrect. Merci de vous reconnecter pour recevoir un nouveau code.',
        );
      }
      const used = app.db
        .update(loginCodes)
        .set({ usedAt: at.toISOString() })
        .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.usedAt)))
        .run().changes;
      if (used === 0) throw expired;
      limiter.recordSuccess(email, request.ip);
      redactSent(client.email, 'login_code');
      return { token: issueStaffToken(app, client), client: clientView(client) };
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/api/auth/check-invite',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['comptes'],
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
        response: {
          200: {
            type: 'object',
            required: ['valid', 'reason', 'email', 'expiresAt'],
            properties: {
              valid: { type: 'boolean' },
              reason: { type: ['string', 'null'] },
              email: { type: ['string', 'null'] },
              expiresAt: { type: ['string', 'null'] },
            },
          },
          ...errors(429),
        },
      },
    },
    async (request) => {
      const check = checkInvitation(app.db, request.query.token, now());
      if (!check.valid) return { valid: false, reason: check.reason, email: null, expiresAt: null };
      return { valid: true, reason: null, email: check.invitation.email, expiresAt: check.invitation.expiresAt };
    },
  );

  app.post<{ Body: { name: string; nom: string; email: string; password: string; inviteToken: string } }>(
    '/api/auth/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['comptes'],
        body: {
          type: 'object',
          required: ['name', 'nom', 'email', 'password', 'inviteToken'],
          properties: {
            name: { type: 'string', maxLength: 200 },
            nom: { type: 'string', maxLength: 400 },
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: 1024 },
            inviteToken: { type: 'string', maxLength: 200 },
          },
        },
        response: { 201: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trimStart();
      const nom = request.body.nom.trimStart();
      const email = normalizeEmail(request.body.email);
      const { password, inviteToken } = request.body;
      if (!inviteToken) throw new ApiError(400, 'invite_missing', 'Accès restreint : invitation invalide.');
      const check = checkInvitation(app.db, inviteToken, now());
      if (!check.valid) throw new ApiError(400, `invite_${check.reason}`, check.message);
      if (!name || !nom || !email || !password) throw new ApiError(400, 'invalid_request', 'Tous les champs sont obligatoires.');
      if (name.length > 64 || !NAME_PATTERN.test(name)) {
        throw new ApiError(400, 'invalid_name', 'Le nom du compte ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (64 caractères au plus).');
      }
      if (RESERVED_NAMES.has(name)) throw new ApiError(409, 'name_taken', 'Ce nom de compte est réservé ou déjà utilisé.');
      if ([...nom].length > 128) throw new ApiError(400, 'invalid_nom', 'Le nom affiché contient 128 caractères au plus.');
      if (!EMAIL_PATTERN.test(email)) throw new ApiError(400, 'invalid_email', 'Adresse e-mail invalide.');
      if (check.invitation.email && check.invitation.email !== email) {
        throw new ApiError(400, 'invite_email_mismatch', 'Cette invitation est réservée à une autre adresse e-mail.');
      }
      const problem = checkPassword(password);
      if (problem) throw new ApiError(400, problem.code, problem.message);
      if (app.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name)).get()) {
        throw new ApiError(409, 'name_taken', 'Ce nom de compte est réservé ou déjà utilisé.');
      }
      if (app.db.select({ id: clients.id }).from(clients).where(eq(clients.email, email)).get()) {
        throw new ApiError(409, 'email_taken', 'Un compte existe déjà avec cette adresse e-mail.');
      }
      const passwordHash = await hashPassword(password);
      const at = now();
      const verification = newSecretToken();
      // The invitation is spent in the same transaction that creates the account: two sign-ups
      // racing on one link cannot both succeed.
      const created = app.db.transaction((tx) => {
        const spent = tx
          .update(invitations)
          .set({ usedAt: at.toISOString() })
          .where(and(eq(invitations.id, check.invitation.id), isNull(invitations.usedAt)))
          .run().changes;
        if (spent === 0) return null;
        const client = tx
          .insert(clients)
          .values({ name, nom, email, role: 'pharmacy', passwordHash, twoFactorEnabled: true, createdAt: at.toISOString() })
          .returning()
          .get();
        tx.update(invitations).set({ usedByClientId: client.id }).where(eq(invitations.id, check.invitation.id)).run();
        tx.insert(accountTokens)
          .values({
            clientId: client.id,
            purpose: 'verify_email',
            tokenHash: verification.hash,
            expiresAt: new Date(at.getTime() + VERIFY_EMAIL_TTL_MS).toISOString(),
            createdAt: at.toISOString(),
          })
          .run();
        return client;
      });
      if (!created) throw new ApiError(400, 'invite_used', 'Invitation déjà utilisée.');
      await app.mailer.enqueue(accountEmails.verifyEmail(email, `${app.config.publicUrl}/api/auth/verify-email?token=${verification.token}`));
      return reply.code(201).send({ message: 'Compte créé. Ouvrez le lien reçu par e-mail pour vérifier votre adresse, puis connectez-vous.' });
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/api/auth/verify-email',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['comptes'], querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const at = now().toISOString();
      const ok =
        token !== '' &&
        app.db.transaction((tx) => {
          const row = tx
            .select()
            .from(accountTokens)
            .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'verify_email'), isNull(accountTokens.usedAt)))
            .get();
          if (!row || row.expiresAt <= at) return false;
          tx.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, row.id)).run();
          tx.update(clients).set({ emailVerifiedAt: at }).where(and(eq(clients.id, row.clientId), isNull(clients.emailVerifiedAt))).run();
          return tx.select({ email: clients.email }).from(clients).where(eq(clients.id, row.clientId)).get()?.email ?? true;
        });
      if (typeof ok === 'string') redactSent(ok, 'verify_email');
      return reply.header('Cache-Control', 'no-store').redirect(`/email-verifie?status=${ok ? 'success' : 'invalid'}`, 302);
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/request-reset',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['comptes'],
        body: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 254 } } },
        response: { 200: { type: 'string' }, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (!email) throw new ApiError(400, 'invalid_request', 'Veuillez saisir votre adresse e-mail.');
      // Same answer, known address or not; the per-address cap stops mail-bombing a pharmacy.
      if (resetPerAddress.hit(email) <= 3) {
        const client = app.db.select().from(clients).where(eq(clients.email, email)).get();
        if (client && client.disabledAt === null) {
          const at = now();
          const reset = newSecretToken();
          app.db
            .insert(accountTokens)
            .values({
              clientId: client.id,
              purpose: 'reset_password',
              tokenHash: reset.hash,
              expiresAt: new Date(at.getTime() + RESET_TTL_MS).toISOString(),
              createdAt: at.toISOString(),
            })
            .run();
          await app.mailer.enqueue(accountEmails.resetPassword(client.email, `${app.config.publicUrl}/reset-password?token=${reset.token}`));
        }
      }
      return sendText(reply, 200, RESET_REQUESTED);
    },
  );

  app.post<{ Body: { token: string; newPassword: string } }>(
    '/api/auth/reset-password',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['comptes'],
        body: {
          type: 'object',
          required: ['token', 'newPassword'],
          properties: { token: { type: 'string', maxLength: 200 }, newPassword: { type: 'string', maxLength: 1024 } },
        },
        response: { 200: { type: 'string' }, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const invalidLink = new ApiError(400, 'invalid_token', 'Lien invalide ou expiré. Demandez un nouveau lien.');
      if (!token) throw invalidLink;
      const problem = checkPassword(newPassword);
      if (problem) throw new ApiError(400, problem.code, problem.message);
      const passwordHash = await hashPassword(newPassword);
      const at = now().toISOString();
      const done = app.db.transaction((tx) => {
        const row = tx
          .select()
          .from(accountTokens)
          .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'reset_password'), isNull(accountTokens.usedAt)))
          .get();
        if (!row || row.expiresAt <= at) return false;
        tx.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, row.id)).run();
        // A reset ends every session of the account: old tokens carry the old version.
        tx.update(clients)
          .set({ passwordHash, tokenVersion: sql`${clients.tokenVersion} + 1`, emailVerifiedAt: sql`coalesce(${clients.emailVerifiedAt}, ${at})` })
          .where(eq(clients.id, row.clientId))
          .run();
        tx.update(staffSessions).set({ revokedAt: at }).where(and(eq(staffSessions.clientId, row.clientId), isNull(staffSessions.revokedAt))).run();
        return tx.select({ email: clients.email }).from(clients).where(eq(clients.id, row.clientId)).get()?.email ?? '';
      });
      if (done === false) throw invalidLink;
      if (done) redactSent(done, 'reset_password');
      return sendText(reply, 200, 'Mot de passe mis à jour.');
    },
  );

  app.post(
    '/api/auth/logout',
    { onRequest: requireStaff, schema: { tags: ['comptes'], response: { 204: { type: 'null' }, ...errors(401) } } },
    async (request, reply) => {
      const staff = request.staff;
      if (staff) app.db.update(staffSessions).set({ revokedAt: now().toISOString() }).where(eq(staffSessions.jti, staff.jti)).run();
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/me',
    { onRequest: requireStaff, schema: { tags: ['comptes'], response: { 200: { type: 'object', required: ['client'], properties: { client: publicClient } }, ...errors(401) } } },
    async (request) => ({ client: clientView((request.staff as NonNullable<typeof request.staff>).client) }),
  );
};

export default authRoutes;
