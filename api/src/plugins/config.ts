import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The business clock (registration age, timestamps); tests pass a fixed one. */
    clock: () => Date;
  }
}

interface ConfigPluginOptions {
  config: Config;
  clock?: () => Date;
}

/** Makes the configuration and the clock available to every plugin and route. */
export default fp<ConfigPluginOptions>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('clock', opts.clock ?? (() => new Date()));
  },
  { name: 'config' },
);
