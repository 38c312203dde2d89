// The ceiling of `pnpm bench`: a bare Fastify hello-world on 127.0.0.1, no logger, no plugins.
// Fastify is a dependency of the api package, so it is loaded from there.
import { createRequire } from 'node:module';

interface Hello {
  get(path: string, handler: () => Promise<unknown>): void;
  listen(o: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
}

const require = createRequire(new URL('../api/package.json', import.meta.url));
const Fastify = require('fastify') as (o: { logger: boolean }) => Hello;

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
