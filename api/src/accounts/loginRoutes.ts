import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, integerSchema, text, type RoutesPlugin } from '../schemas';
import { accountView, loginService, type LoginOutcome } from './loginService';
import { fromWebApp, sessionCookie } from './staffCookie';
import { deviceTokensOf } from './trustedDevices';

/** The spec's `client` object of the login answers: the account. */
const accountViewSchema = {
  type: 'object',
  required: ['id', 'name', 'nom', 'email', 'role'],
  properties: {
    id: integerSchema,
    name: text(64),
    nom: text(200),
    email: text(254),
    role: { type: 'string', enum: ['pharmacy', 'admin'] },
  },
} as const;

const credentials = (second: 'password' | 'code', maxLength: number) =>
  ({
    type: 'object',
    required: ['email', second],
    additionalProperties: false,
    properties: { email: { type: 'string', maxLength: 254 }, [second]: { type: 'string', maxLength } },
  }) as const;

// Each attempt costs an argon2 hash or a code check: a plain request cap per address keeps the CPU safe.
const rateLimit = { max: 30, timeWindow: '1 minute' };
const tags = ['comptes'];

/** A session as the login answers it: `token` for an integrator; for the web app, in the session cookie only (D36). */
const sessionSchema = {
  type: 'object',
  required: ['client'],
  properties: {
    token: {
      ...text(2000),
      description: 'Absent pour l’application web, qui reçoit la session dans un cookie HttpOnly',
    },
    client: accountViewSchema,
  },
} as const;

/** A completed login as the web app gets it: the session in its cookie, not in the body. */
type WebSession<R> = R extends { client: unknown } ? Omit<R, 'token'> : never;

/**
 * A login step's answer: the device cookie of a completed login, and its session, which the web
 * app gets as an HttpOnly cookie, never in the body a page script reads.
 */
function answer<R extends LoginOutcome['result']>(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: LoginOutcome<R>,
  secure: boolean,
): R | WebSession<R> {
  const cookies = outcome.cookie ? [outcome.cookie] : [];
  const { result } = outcome;
  if ('client' in result && fromWebApp(request)) {
    const { token, ...inBody } = result;
    reply.header('set-cookie', [...cookies, sessionCookie(token, secure)]);
    return inBody as WebSession<R>;
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return result;
}

/**
 * Login with the e-mailed second factor, then the staff session: logout and `me`. Each step has
 * its own kind of token, checked by the guard plugins/access.ts installs: none on the password step, the
 * temporary second-factor token on /verify, a staff session on /logout and /me. A completed login
 * sets the trusted-device cookie (trustedDevices.ts).
 */
const loginRoutes: RoutesPlugin = async (app) => {
  const service = loginService(app);
  const secure = app.config.publicUrl.startsWith('https:');

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary:
          'Connexion d’un compte (e-mail et mot de passe) : envoie un code par e-mail et donne un jeton temporaire',
        body: credentials('password', 1024),
        response: {
          // The code step, or (a device trusted after an earlier code) the session at once.
          200: {
            anyOf: [
              {
                type: 'object',
                required: ['step', 'token'],
                properties: { step: { type: 'string', enum: ['verify'] }, token: text(2000) },
              },
              sessionSchema,
            ],
          },
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await service.login(request.body.email, request.body.password, request.ip, deviceTokensOf(request)),
        secure,
      ),
  );

  app.post(
    '/api/auth/verify',
    {
      config: { access: 'second-factor', rateLimit },
      schema: {
        tags,
        summary: 'Second facteur : vérifie le code reçu par e-mail et ouvre la session',
        body: credentials('code', 16),
        response: { 200: sessionSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await service.verify(
          request.mfa as NonNullable<typeof request.mfa>,
          request.body.email,
          request.body.code,
          request.ip,
          deviceTokensOf(request),
        ),
        secure,
      ),
  );
  app.post(
    '/api/auth/resend-code',
    {
      // A mail per call: a tighter cap than the other steps, on top of the minute between codes.
      config: { access: 'second-factor', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Renvoyer le code de vérification (une minute après le précédent)',
        body: { type: 'object', additionalProperties: false, maxProperties: 0 },
        response: {
          202: {
            type: 'object',
            required: ['status', 'resendAfterSeconds'],
            properties: { status: { type: 'string', enum: ['sent'] }, resendAfterSeconds: integerSchema },
          },
          ...errors(400, 401, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.resendCode(request.mfa as NonNullable<typeof request.mfa>)),
  );

  app.post(
    '/api/auth/logout',
    {
      // A locked tablet (patient mode) can be ended too.
      config: { access: 'staff-even-locked' },
      schema: {
        tags,
        summary: 'Déconnexion : la session ne vaut plus rien',
        response: { 204: { type: 'null' }, ...errors(401) },
      },
    },
    async (request, reply) => {
      await service.logout(request.staff);
      // The web app's cookie goes with the session it held.
      return reply.code(204).header('set-cookie', sessionCookie(null, secure)).send(null);
    },
  );
  app.get(
    '/api/auth/me',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Le compte de la session (423 session_locked tant que l’appareil est en mode patient)',
        response: {
          200: { type: 'object', required: ['client'], properties: { client: accountViewSchema } },
          ...errors(401),
        },
      },
    },
    async (request) => ({ client: accountView((request.staff as NonNullable<typeof request.staff>).account) }),
  );
};

export default loginRoutes;
