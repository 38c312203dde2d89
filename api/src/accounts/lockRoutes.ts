import { ApiError } from '../errors';
import { errors, type RoutesPlugin } from '../schemas';
import { sessionLock, type UnlockProof } from './sessionLock';
import type { StaffContext } from './staffTokens';
import { deviceTokensOf } from './trustedDevices';

// Each unlock costs an argon2 hash: a plain request cap per address keeps the CPU safe, on top of
// the code's five tries and the password's login limits.
const rateLimit = { max: 30, timeWindow: '1 minute' };
const tags = ['comptes'];

const staffOf = (request: { staff?: StaffContext }) => request.staff as StaffContext;

/**
 * Patient mode (D40): « Passer la tablette au patient » locks this device's staff session
 * (sessionLock.ts); the lock screen unlocks it with the password or the code. Logout stays open
 * to a locked session (loginRoutes.ts), so that a locked tablet can be ended.
 */
const lockRoutes: RoutesPlugin = async (app) => {
  const service = sessionLock(app);

  app.post(
    '/api/auth/lock',
    {
      config: { access: 'pharmacy', rateLimit },
      schema: {
        tags,
        summary:
          'Passer la tablette au patient\u00a0: verrouille la session de cet appareil, avec un code facultatif de 4 à 8 chiffres',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            code: {
              type: 'string',
              pattern: '^[0-9]{4,8}$',
              maxLength: 8,
              description: 'Code de déverrouillage choisi par le pharmacien (facultatif)',
            },
          },
        },
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 423) },
      },
    },
    async (request, reply) => {
      await service.lock(staffOf(request), request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/unlock',
    {
      config: { access: 'staff-even-locked', rateLimit },
      schema: {
        tags,
        summary:
          'Déverrouiller la session de cet appareil avec le mot de passe du compte ou le code choisi (cinq essais de code)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            password: { type: 'string', maxLength: 1024 },
            code: { type: 'string', maxLength: 8 },
          },
        },
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { password, code } = request.body;
      if ((password === undefined) === (code === undefined) || (password ?? code) === '')
        throw new ApiError(400, 'invalid_request', 'Saisissez le mot de passe du compte ou le code de déverrouillage.');
      const proof = (password === undefined ? { code } : { password }) as UnlockProof;
      await service.unlock(staffOf(request), proof, request.ip, deviceTokensOf(request));
      return reply.code(204).send(null);
    },
  );
};

export default lockRoutes;
