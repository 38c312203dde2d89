import fp from 'fastify-plugin';
import { startStep } from '../plugins/db';
import { checkLedger, type LedgerCheck } from './ledger';
import { rehashActs } from './rehashActs';
import { actsRepository } from './repository';
import actsRoutes from './routes';
import { actsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The acts and their ledger (D34), and the audit of their changes. */
    actsRepository: ReturnType<typeof actsRepository>;
    actsService: ReturnType<typeof actsService>;
    /** What the start found when it checked the ledger. */
    actsLedger: () => LedgerCheck | null;
  }
}

/**
 * The act (D34, issue 40). At start: the acts' keyed hashes made under a previous key are made
 * again, then the whole ledger is checked; a broken one is logged naming the entry, and no act is
 * served until it is repaired (the rest of the service runs).
 */
export default fp(
  async (app) => {
    let ledger: LedgerCheck | null = null;
    app.decorate('actsRepository', actsRepository(app.store));
    app.decorate('actsLedger', () => ledger);
    app.decorate(
      'actsService',
      actsService(app, () => ledger),
    );
    await startStep(app.store, async () => {
      const rehash = await rehashActs(app);
      if (rehash.rehashed > 0) app.log.info(rehash, 'actes\u00a0: empreintes refaites sous la clé en cours');
      if (rehash.unreadable > 0)
        app.log.warn(rehash, 'actes\u00a0: numéros chiffrés sous une clé inconnue (SSN_ENCRYPTION_KEY_PREVIOUS)');
      ledger = await checkLedger(app.store);
      if (!ledger.ok)
        app.log.error(
          { entry: ledger.broken.seq },
          `registre des actes altéré\u00a0: ${ledger.broken.message}\u00a0; les actes ne sont pas servis (act ledger broken)`,
        );
    });
    await app.register(actsRoutes);
  },
  { name: 'acts', dependencies: ['config', 'db', 'access', 'patient'] },
);
