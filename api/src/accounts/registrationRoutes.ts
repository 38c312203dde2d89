import { apiError } from '../errors';
import { errors, nullableText, text, type RoutesPlugin } from '../schemas';
import { registrationService } from './registrationService';

// Tokens travel in a POST body, never in a URL: the e-mailed links carry them in the fragment
// (`#invite=…`, `#token=…`), which no server, proxy log or Referer header ever sees, and the page
// posts them here.
const tokenBody = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
const tags = ['comptes'];

/** Sign-up by invitation: the link's check, the account's creation, the e-mail verification link. */
const registrationRoutes: RoutesPlugin = async (app) => {
  const service = registrationService(app);

  app.post(
    '/api/auth/check-invite',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Vérifie un lien d’invitation (jeton lu dans le fragment de l’URL) avant l’inscription',
        body: tokenBody,
        response: {
          200: {
            type: 'object',
            required: ['valid', 'reason', 'email', 'expiresAt'],
            properties: {
              valid: { type: 'boolean' },
              reason: nullableText(64),
              email: nullableText(254),
              expiresAt: nullableText(32),
            },
          },
          ...errors(400, 429),
        },
      },
    },
    async (request) => service.checkInvite(request.body.token),
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Inscription d’une pharmacie invitée : envoie le lien de vérification de l’adresse',
        body: {
          type: 'object',
          required: ['name', 'nom', 'email', 'password', 'inviteToken'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', maxLength: 200 },
            nom: { type: 'string', maxLength: 400 },
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: 1024 },
            inviteToken: { type: 'string', maxLength: 200 },
          },
        },
        response: {
          201: { type: 'object', required: ['message'], properties: { message: text(2000) } },
          ...errors(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { name, nom, email, password, inviteToken } = request.body;
      await service.register({ name, displayName: nom, email, password, inviteToken });
      return reply.code(201).send({
        message: 'Compte créé. Ouvrez le lien reçu par e-mail pour vérifier votre adresse, puis connectez-vous.',
      });
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Vérifie l’adresse e-mail d’un compte (jeton du lien reçu)',
        body: tokenBody,
        response: {
          200: { type: 'object', required: ['verified'], properties: { verified: { type: 'boolean', enum: [true] } } },
          ...errors(400, 429),
        },
      },
    },
    async (request) => {
      if (!(await service.verifyEmail(request.body.token))) throw apiError(400, 'link_invalid');
      return { verified: true } as const;
    },
  );
};

export default registrationRoutes;
