import type { FastifyReply } from 'fastify';
import { errors, text, type RoutesPlugin } from '../schemas';
import { PASSWORD_UPDATED, RESET_REQUESTED, resetService } from './resetService';
import { deviceTokensOf } from './trustedDevices';

const tags = ['comptes'];

/** The spec's reset calls answer plain text. */
function sendText(reply: FastifyReply, text: string) {
  return reply.code(200).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(text);
}

/** Password reset: the request (always the same answer) and the new password. */
const resetRoutes: RoutesPlugin = async (app) => {
  const service = resetService(app);

  app.post(
    '/api/auth/request-reset',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Demande de nouveau mot de passe : envoie un lien s’il existe un compte (même réponse sinon)',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', maxLength: 254 } },
        },
        response: { 200: text(2000), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await service.requestReset(request.body.email);
      return sendText(reply, RESET_REQUESTED);
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Nouveau mot de passe avec le jeton du lien reçu',
        body: {
          type: 'object',
          required: ['token', 'newPassword'],
          additionalProperties: false,
          properties: { token: { type: 'string', maxLength: 200 }, newPassword: { type: 'string', maxLength: 1024 } },
        },
        response: { 200: text(2000), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body.token, request.body.newPassword, deviceTokensOf(request));
      return sendText(reply, PASSWORD_UPDATED);
    },
  );
};

export default resetRoutes;
