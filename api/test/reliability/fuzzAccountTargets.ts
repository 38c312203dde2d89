// Fuzz targets of the accounts' and the admin's write routes (the harness is fuzz.ts).
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { accountTokens, invitations, loginCodes } from '../tables';
import { hashLoginCode, newSecretToken } from '../../src/accounts/secretToken';
import { issueMfaToken } from '../../src/accounts/staffTokens';
import { createAdmin, enableLogin, login, STAFF_PASSWORD } from '../accounts';
import type { TestApp } from '../helpers';
import {
  authHeader,
  bodyOf,
  bodySchemaOf,
  caseArbitrary,
  nextIp,
  property,
  sendAndCheck,
  tokenVariant,
  type CaseOf,
  type FuzzStats,
  type FuzzTarget,
} from './fuzz';

/**
 * POST /api/auth/login. One valid login in ten, the clock moving 20 s per case, forty client
 * addresses (the route's own per-address limit, 30 a minute of real time, would otherwise answer
 * almost every case): the login limiter's windows reopen as they would in a day of use, so the
 * run reaches the handler's successes as well as its refusals whatever order fast-check draws
 * the cases in.
 */
export async function fuzzLogin(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/auth/login';
  await enableLogin(t.app, t.pharmacy.id);
  const ips = Array.from({ length: 40 }, (_, i) => `10.200.0.${i + 1}`);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/auth/login', 'post');
      const valid = () => ({ email: t.pharmacy.email, password: STAFF_PASSWORD });
      const validCase = fc.constant<CaseOf<null>>({ kind: 'mutated', edits: [], extra: null });
      const arb = fc.oneof(
        { weight: 9, arbitrary: caseArbitrary(schema, ['email', 'password'], fc.constant(null)) },
        { weight: 1, arbitrary: validCase },
      );
      await property(numRuns, fc.tuple(arb, fc.constantFrom(...ips)), async ([c, ip]) => {
        t.advanceClock(20_000);
        await sendAndCheck(t.app, { method: 'POST', url: '/api/auth/login', ...bodyOf(c, valid) }, stats, ip);
      });
      return stats;
    },
  };
}

/** POST /api/auth/verify: a fresh login step (challenge and known code) for each case. */
export async function fuzzVerify(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/auth/verify';
  await enableLogin(t.app, t.pharmacy.id);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/auth/verify', 'post');
      const arb = fc.tuple(
        caseArbitrary(schema, ['email', 'code'], fc.constant(null)),
        fc.integer({ min: 0, max: 9 }),
        fc.nat(),
        fc.constantFrom('123456', '000000'),
      );
      await property(numRuns, arb, async ([c, tokenKind, cut, code]) => {
        const challengeId = randomUUID();
        const now = t.app.clock();
        await t.app.store.db.insert(loginCodes).values({
          accountId: t.pharmacy.id,
          challengeId,
          codeHash: hashLoginCode(code, challengeId, t.app.config.codeHashKey),
          expiresAt: new Date(now.getTime() + 600_000).toISOString(),
          createdAt: now.toISOString(),
        });
        const mfa = issueMfaToken(t.app, t.pharmacy.id, challengeId);
        // Mostly the right token; sometimes a damaged one or none.
        const token =
          tokenKind < 7 ? mfa : tokenKind === 7 ? mfa.slice(0, cut % mfa.length) : tokenKind === 8 ? `${mfa}x` : null;
        await sendAndCheck(
          t.app,
          {
            method: 'POST',
            url: '/api/auth/verify',
            headers: authHeader(token),
            ...bodyOf(c, () => ({ email: t.pharmacy.email, code })),
          },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}

async function insertInvitation(t: TestApp, email: string | null = null): Promise<string> {
  const { token, hash } = newSecretToken();
  const now = t.app.clock();
  await t.app.store.db.insert(invitations).values({
    tokenHash: hash,
    email,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    createdAt: now.toISOString(),
  });
  return token;
}

/** POST /api/auth/register: a fresh invitation for each mutated case. */
export function fuzzRegister(t: TestApp): FuzzTarget {
  const route = 'POST /api/auth/register';
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/auth/register', 'post');
      const keys = Object.keys(schema.properties ?? {});
      await property(numRuns, caseArbitrary(schema, keys, fc.nat()), async (c) => {
        let valid: Record<string, unknown> = {};
        if (c.kind === 'mutated') {
          const n = `${stats.cases}-${c.extra}`;
          valid = {
            name: `pharmacie-${n}`,
            nom: `Pharmacie ${n}`,
            email: `pharmacie-${n}@example.fr`,
            password: STAFF_PASSWORD,
            inviteToken: await insertInvitation(t),
          };
        }
        await sendAndCheck(
          t.app,
          { method: 'POST', url: '/api/auth/register', ...bodyOf(c, () => valid) },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}

/** POST /api/auth/request-reset and POST /api/auth/reset-password (a fresh reset link per mutated case). */
export async function fuzzReset(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/auth/request-reset + reset-password';
  await enableLogin(t.app, t.pharmacy.id);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const requestSchema = bodySchemaOf(t.app, '/api/auth/request-reset', 'post');
      const resetSchema = bodySchemaOf(t.app, '/api/auth/reset-password', 'post');
      const half = Math.ceil(numRuns / 2);
      await property(half, caseArbitrary(requestSchema, ['email'], fc.constant(null)), async (c) => {
        await sendAndCheck(
          t.app,
          { method: 'POST', url: '/api/auth/request-reset', ...bodyOf(c, () => ({ email: t.pharmacy.email })) },
          stats,
          nextIp(),
        );
      });
      // Passwords: mostly too short or common (refused before any hashing), sometimes acceptable.
      const password = fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 11 }) },
        { weight: 1, arbitrary: fc.constantFrom('motdepasse123', 'azertyuiop123', 'aaaaaaaaaaaaaaaa') },
        { weight: 1, arbitrary: fc.string({ minLength: 12, maxLength: 40 }) },
      );
      await property(numRuns - half, caseArbitrary(resetSchema, ['token', 'newPassword'], password), async (c) => {
        let valid: Record<string, unknown> = {};
        if (c.kind === 'mutated') {
          const { token, hash } = newSecretToken();
          const now = t.app.clock();
          await t.app.store.db.insert(accountTokens).values({
            accountId: t.pharmacy.id,
            purpose: 'reset_password',
            tokenHash: hash,
            expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
            createdAt: now.toISOString(),
          });
          valid = { token, newPassword: c.extra };
        }
        await sendAndCheck(
          t.app,
          { method: 'POST', url: '/api/auth/reset-password', ...bodyOf(c, () => valid) },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}

/** POST /api/admin/invitations, with the admin's token (sometimes damaged, or a pharmacist's). */
export async function fuzzInvitation(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/admin/invitations';
  const admin = await createAdmin(t.app);
  const adminToken = await login(t.app, admin.email);
  await enableLogin(t.app, t.pharmacy.id);
  const pharmacistToken = await login(t.app, t.pharmacy.email, STAFF_PASSWORD, '10.0.0.2');
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/admin/invitations', 'post');
      const arb = fc.tuple(
        caseArbitrary(schema, ['email', 'ttlDays'], fc.constant(null)),
        tokenVariant(adminToken, [pharmacistToken]),
      );
      await property(numRuns, arb, async ([c, token]) => {
        await sendAndCheck(
          t.app,
          {
            method: 'POST',
            url: '/api/admin/invitations',
            headers: authHeader(token),
            ...bodyOf(c, () => ({ email: 'nouvelle@pharmacie.test', ttlDays: 7 })),
          },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}
