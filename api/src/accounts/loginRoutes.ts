import { errors, integerSchema, text, type RoutesPlugin } from '../schemas';
import { accountView, loginService } from './loginService';
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

/**
 * Login with the e-mailed second factor, then the staff session: logout and `me`. Each step has
 * its own kind of token, checked by the guard plugins/access.ts installs: none on the password step, the
 * temporary second-factor token on /verify, a staff session on /logout and /me. A completed login
 * sets the trusted-device cookie (trustedDevices.ts).
 */
const loginRoutes: RoutesPlugin = async (app) => {
  const service = loginService(app);

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
              {
                type: 'object',
                required: ['token', 'client'],
                properties: { token: text(2000), client: accountViewSchema },
              },
            ],
          },
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { result, cookie } = await service.login(
        request.body.email,
        request.body.password,
        request.ip,
        deviceTokensOf(request),
      );
      if (cookie) reply.header('set-cookie', cookie);
      return result;
    },
  );

  app.post(
    '/api/auth/verify',
    {
      config: { access: 'second-factor', rateLimit },
      schema: {
        tags,
        summary: 'Second facteur : vérifie le code reçu par e-mail et ouvre la session',
        body: credentials('code', 16),
        response: {
          200: {
            type: 'object',
            required: ['token', 'client'],
            properties: { token: text(2000), client: accountViewSchema },
          },
          ...errors(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { result, cookie } = await service.verify(
        request.mfa as NonNullable<typeof request.mfa>,
        request.body.email,
        request.body.code,
        request.ip,
        deviceTokensOf(request),
      );
      if (cookie) reply.header('set-cookie', cookie);
      return result;
    },
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
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Déconnexion : la session ne vaut plus rien',
        response: { 204: { type: 'null' }, ...errors(401) },
      },
    },
    async (request, reply) => {
      await service.logout(request.staff);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/auth/me',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Le compte de la session',
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
