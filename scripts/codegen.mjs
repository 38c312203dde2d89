// The generated package (codegen/generated, @bilan/generated) is not committed: it is written
// from the definitions by `pnpm codegen`, which this runs at `pnpm install` (postinstall), and
// `pnpm build` and `pnpm test` run too. A production install (`pnpm install --prod`, after the
// build, in the Dockerfile) has no tsx and keeps what the build wrote.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
if (!existsSync(tsx)) {
  console.log('codegen: tsx is not installed (production install): the generated package is kept as built');
  process.exit(0);
}
const run = spawnSync(tsx, [join(root, 'codegen', 'src', 'main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
