// One secret per purpose (issue 14): JWT_SECRET, CODE_HASH_KEY, ALTCHA_HMAC_KEY and
// MAIL_ENCRYPTION_KEY; rotating one leaves what the others protect valid.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { hashLoginCode } from './accounts/secretToken';
import type { Config } from './config';
import { auth, solveAltcha, TEST_NOW, testConfig } from '../test/helpers';
import { enableLogin, lastCode, login, STAFF_PASSWORD } from '../test/accounts';
import { sqlGet } from '../test/sql';
import { temporaryFolders } from '../test/temporaryFolders';

const folders = temporaryFolders('bilan-secrets-');
afterEach(folders.removeAll);

const ORIGINAL = {
  jwtSecret: 'jwt-secret-one-long-enough-0123456789abcdef',
  altchaHmacKey: 'altcha-key-one-long-enough-0123456789abcdef',
  codeHashKey: 'code-key-one-long-enough-0123456789abcdefgh',
  mailEncryptionKey: 'mail-key-one-long-enough-0123456789abcdefgh',
};

/** Runs `use` on an app over the given folder with the given secrets, then closes it. */
async function withApp<T>(
  dir: string,
  secrets: Partial<Config>,
  use: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await buildApp({ config: testConfig(dir, { ...ORIGINAL, ...secrets }), clock: () => TEST_NOW });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

describe('separate secrets', () => {
  it('hash the login codes with CODE_HASH_KEY, not with the JWT signing secret', async () => {
    const dir = folders.make();
    await withApp(dir, {}, async (app) => {
      const pharmacy = await app.accountsRepository.insert({
        name: 'pharmacie-test',
        displayName: 'Pharmacie',
        email: 'p@pharma.test',
        createdAt: TEST_NOW.toISOString(),
      });
      await enableLogin(app, pharmacy.id);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: pharmacy.email, password: STAFF_PASSWORD },
      });
      expect(res.json().step).toBe('verify');
      const code = await lastCode(app, pharmacy.email);
      const row = (await sqlGet(app, 'SELECT challenge_id AS challenge, code_hash AS hash FROM login_codes')) as {
        challenge: string;
        hash: string;
      };
      expect(row.hash).toBe(hashLoginCode(code, row.challenge, ORIGINAL.codeHashKey));
      expect(row.hash).not.toBe(hashLoginCode(code, row.challenge, ORIGINAL.jwtSecret));
    });
  });

  it('rotating one secret leaves what the others protect valid', async () => {
    const dir = folders.make();
    // With the original secrets: a staff session, and two solved bot-check challenges not yet verified.
    const before = await withApp(dir, {}, async (app) => {
      const pharmacy = await app.accountsRepository.insert({
        name: 'pharmacie-test',
        displayName: 'Pharmacie',
        email: 'p@pharma.test',
        createdAt: TEST_NOW.toISOString(),
      });
      await enableLogin(app, pharmacy.id);
      return { staff: await login(app, pharmacy.email), solved: [await solveAltcha(app), await solveAltcha(app)] };
    });
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(before.staff) });
    const verify = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } });

    // New code and mail keys: the staff session and the bot check are untouched.
    await withApp(
      dir,
      {
        codeHashKey: 'code-key-two-long-enough-0123456789abcdefgh',
        mailEncryptionKey: 'mail-key-two-long-enough-0123456789abcdefgh',
      },
      async (app) => {
        expect((await me(app)).statusCode).toBe(200);
        expect((await verify(app, before.solved[0] as string)).statusCode).toBe(200);
      },
    );
    // A new bot-check key: the staff session is untouched.
    await withApp(dir, { altchaHmacKey: 'altcha-key-two-long-enough-0123456789abcdef' }, async (app) => {
      expect((await me(app)).statusCode).toBe(200);
    });
    // A new JWT secret ends the sessions (what it protects), and only them: the bot check still verifies.
    await withApp(dir, { jwtSecret: 'jwt-secret-two-long-enough-0123456789abcdef' }, async (app) => {
      expect((await me(app)).statusCode).toBe(401);
      expect((await verify(app, before.solved[1] as string)).statusCode).toBe(200);
    });
  });
});
