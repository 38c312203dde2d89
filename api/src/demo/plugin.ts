import fp from 'fastify-plugin';
import { demoRepository } from './repository';
import demoRoutes from './routes';
import { demoService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo e-mails and the submission test screen's answers. */
    demoRepository: ReturnType<typeof demoRepository>;
    demoService: ReturnType<typeof demoService>;
  }
}

/** The demo flow and the submission test screen: no account, answers are test data. */
export default fp(
  async (app) => {
    app.decorate('demoRepository', demoRepository(app.store));
    app.decorate('demoService', demoService(app));
    await app.register(demoRoutes);
  },
  { name: 'demo', dependencies: ['config', 'db', 'access', 'botCheck', 'mailer', 'reports'] },
);
