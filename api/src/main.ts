// The production entry point, bundled into api/dist/server.mjs by `pnpm build` and run by
// `pnpm start`: production defaults unless NODE_ENV says otherwise.
import { runServer } from './server';

process.env.NODE_ENV ??= 'production';
await runServer();
