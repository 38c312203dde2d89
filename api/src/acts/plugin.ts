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
    /** What the check of the ledger begun at start found (it ends beside the first requests). */
    actsLedger: () => Promise<LedgerCheck>;
  }
}

/**
 * The act (D34, issue 40). At start: the acts' keyed hashes made under a previous key are made
 * again; then, once the app is ready, the whole ledger is checked, beside the first requests
 * (10,000 acts took 2 s of a start that every other route waited for); the act routes wait for
 * the check. A broken ledger is logged naming the entry, and no act is served until it is
 * repaired (the rest of the service runs).
 */
export default fp(
  async (app) => {
    let ledger: Promise<LedgerCheck> | null = null;
    const checked = () =>
      (ledger ??= checkLedger(app.store).then(
        (check) => {
          if (!check.ok)
            app.log.error(
              { entry: check.broken.seq },
              `registre des actes altéré\u00a0: ${check.broken.message}\u00a0; les actes ne sont pas servis (act ledger broken)`,
            );
          return check;
        },
        (err: unknown): LedgerCheck => {
          app.log.error(
            { err },
            'registre des actes illisible\u00a0; les actes ne sont pas servis (act ledger unreadable)',
          );
          return { ok: false, broken: { seq: 0, message: 'le registre n’a pas pu être lu' } };
        },
      ));
    app.decorate('actsRepository', actsRepository(app.store));
    app.decorate('actsLedger', checked);
    app.decorate('actsService', actsService(app, checked));
    await startStep(app.store, async () => {
      const rehash = await rehashActs(app);
      if (rehash.rehashed > 0) app.log.info(rehash, 'actes\u00a0: empreintes refaites sous la clé en cours');
      if (rehash.unreadable > 0)
        app.log.warn(rehash, 'actes\u00a0: numéros chiffrés sous une clé inconnue (SSN_ENCRYPTION_KEY_PREVIOUS)');
    });
    app.addHook('onReady', async () => {
      void checked();
    });
    await app.register(actsRoutes);
  },
  { name: 'acts', dependencies: ['config', 'db', 'access', 'patient'] },
);
