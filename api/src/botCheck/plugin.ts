import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Challenge } from 'altcha-lib';
import { addressGroup } from '../plugins/clientAddress';
import { countInWindow } from '../plugins/rateLimitStore';
import { altchaProvider } from './altcha';
import type { BotCheckProvider } from './provider';
import { recaptchaProvider } from './recaptcha';
import { botCheckRepository } from './repository';
import botCheckRoutes from './routes';
import { ADDRESS_WINDOW_MS, pharmacyWorkFactor, workFactor } from './workFactor';

type BotCheckResult = {
  success: boolean;
  score: number;
  provider: 'altcha' | 'recaptcha';
  /** Short-lived, single-use proof that registration requires. */
  ticket?: string;
};

interface BotCheck {
  provider: BotCheckProvider;
  /**
   * A challenge for the widget (a provider that issues its own: ALTCHA), harder as the address
   * asks for more or the pharmacy's registrations spike (workFactor.ts); null otherwise.
   */
  challenge(address: string, pharmacyId?: number): Promise<Challenge | null>;
  /**
   * Whether a ticket may open a registration at the pharmacy: with ALTCHA, a ticket earned on a
   * challenge issued for that pharmacy (so that its cost was that pharmacy's).
   */
  ticketFits(ticket: string, pharmacyId: number): boolean;
  /**
   * Whether a ticket's challenge cost at least what a pharmacy with this many registrations in
   * the last hour requires now, when it is spent (always, with a provider that issues no challenge).
   */
  ticketCovers(ticket: string, pharmacyRegistrations: number): boolean;
  /** Verifies a widget token and, on success, issues a ticket. */
  verify(token: string): Promise<BotCheckResult>;
  /** The stored key of a ticket (its hash: a copy of the database gives no usable ticket). */
  ticketKey(ticket: string): string;
  isTicketValid(ticket: string): Promise<boolean>;
  /** "Échec de vérification ALTCHA. Vous pourriez être un bot." */
  failureMessage: string;
}

/** The factor a ticket's challenge was issued at; 1 for a ticket of an earlier version (`<id>.<random>`). */
function ticketWorkFactor(ticket: string): number {
  const factor = /^\d+\.(\d{1,3})\./.exec(ticket)?.[1];
  return factor === undefined ? 1 : Number(factor);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bot check feature's service. */
    botCheck: BotCheck;
    /** Single-use records of the bot check: solved challenges and their tickets. */
    botCheckRepository: ReturnType<typeof botCheckRepository>;
  }
}

/**
 * What the bot check needs of another feature, handed over by app.ts: the registrations of a
 * pharmacy in the last hour (the patient feature's), which raise the work a challenge asks. The
 * patient feature verifies tickets here, so it registers after this one.
 */
interface BotCheckOptions {
  registrationsInHour: (pharmacyId: number, now: number) => Promise<number>;
}

export default fp<BotCheckOptions>(
  async (app, opts) => {
    const { config } = app;
    const repository = botCheckRepository(app.store);
    app.decorate('botCheckRepository', repository);
    const isoNow = () => app.clock().toISOString();
    const provider =
      config.botCheckProvider === 'recaptcha'
        ? recaptchaProvider({
            secret: config.recaptchaSecret ?? '',
            siteKey: config.recaptchaSiteKey ?? '',
            verifyUrl: config.recaptchaVerifyUrl,
          })
        : altchaProvider({
            hmacKey: config.altchaHmacKey,
            maxNumber: config.altchaMaxNumber,
            cost: config.altchaCost,
            ttlSeconds: config.botCheckTtl,
            recordSolution: (key, expiresAt) =>
              repository.recordSolution(key, 'altcha', expiresAt.toISOString(), isoNow()),
          });
    const ticketKey = (ticket: string) => createHash('sha256').update(`ticket:${ticket}`).digest('hex');
    const botCheck: BotCheck = {
      provider,
      ticketKey,
      async challenge(address, pharmacyId) {
        if (!provider.challenge) return null;
        const now = app.clock().getTime();
        const [fromAddress, atPharmacy] = await Promise.all([
          countInWindow(app.store, `bot-check challenge|${addressGroup(address)}`, ADDRESS_WINDOW_MS, now),
          pharmacyId === undefined ? Promise.resolve(0) : opts.registrationsInHour(pharmacyId, now),
        ]);
        return provider.challenge({ workFactor: workFactor(fromAddress, atPharmacy), pharmacyId });
      },
      // A ticket's pharmacy and factor are written into it (`<id>.<factor>.<random>`): its stored
      // hash covers them, so neither can be changed.
      ticketFits: (ticket, pharmacyId) => !provider.challenge || ticket.startsWith(`${pharmacyId}.`),
      ticketCovers: (ticket, registrations) =>
        !provider.challenge || ticketWorkFactor(ticket) >= pharmacyWorkFactor(registrations),
      failureMessage: `Échec de vérification ${provider.publicConfig.label}. Vous pourriez être un bot.`,
      async verify(token) {
        const verdict = await provider.verify(token);
        const name = provider.publicConfig.provider;
        if (!verdict.success) {
          app.log.info({ provider: name, reason: verdict.reason }, 'bot check refused');
          return { success: false, score: verdict.score, provider: name };
        }
        const random = randomBytes(32).toString('base64url');
        const ticket =
          verdict.pharmacyId === undefined ? random : `${verdict.pharmacyId}.${verdict.workFactor ?? 1}.${random}`;
        const expiresAt = new Date(app.clock().getTime() + config.botCheckTtl * 1000).toISOString();
        await repository.issueTicket(ticketKey(ticket), name, expiresAt, isoNow());
        return { success: true, score: verdict.score, provider: name, ticket };
      },
      isTicketValid: (ticket) => repository.isTicketValid(ticketKey(ticket), isoNow()),
    };
    app.decorate('botCheck', botCheck);

    // Expired records are useless: purge them now and then. In real time, not on the business
    // clock: a solution's expiry is its challenge's, which altcha-lib checks against Date.now(), and
    // a purge on a clock set ahead would forget solutions that could still be replayed.
    const timer = setInterval(() => void repository.purgeExpired(new Date().toISOString()), 3600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(botCheckRoutes);
  },
  { name: 'botCheck', dependencies: ['config', 'db', 'access'] },
);
