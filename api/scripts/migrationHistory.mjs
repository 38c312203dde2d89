// After `drizzle-kit generate` (pnpm db:generate): appends the new migrations' sha256 to
// history.sha256 in api/drizzle (SQLite) and api/drizzle-pg (PostgreSQL). Existing lines are never
// changed: a migration a database may have applied stays as it was (migrations.sqlite.test.ts checks
// every file against its line).
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

for (const dialect of ['drizzle', 'drizzle-pg']) {
  const folder = join(import.meta.dirname, '..', dialect);
  const history = join(folder, 'history.sha256');
  const listed = new Set(
    existsSync(history)
      ? readFileSync(history, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split(/\s+\*?/)[1])
      : [],
  );
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    if (listed.has(file)) continue;
    appendFileSync(
      history,
      `${createHash('sha256')
        .update(readFileSync(join(folder, file)))
        .digest('hex')}  ${file}\n`,
    );
    console.log(`${dialect}/history.sha256: ${file} added`);
  }
}
