import { afterEach, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loggerOptions } from '../server';
import { testConfig } from '../../test/helpers';
import { temporaryFolders } from '../../test/temporaryFolders';

// Issue 30, point 5: without TRUST_PROXY, X-Forwarded-For is ignored; a proxy in front of the
// server then makes every patient one address. The operator is told once, not at every request.

const folders = temporaryFolders('bilan-forwarded-');
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  folders.removeAll();
});

async function warningsAfter(trustProxy: string | undefined, calls: number): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const dir = folders.make();
  const config = testConfig(dir, trustProxy ? { trustProxy: [trustProxy] } : {});
  app = await buildApp({ config }, { logger: { ...loggerOptions('info'), stream } });
  for (let i = 0; i < calls; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    expect(res.statusCode).toBe(200);
  }
  return lines.filter((line) => line.includes('X-Forwarded-For'));
}

describe('X-Forwarded-For', () => {
  it('without TRUST_PROXY, logs one warning however many requests carry it, naming the setting', async () => {
    const warnings = await warningsAfter(undefined, 5);
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40 });
    expect(warnings[0]).toContain('TRUST_PROXY=10.0.0.5');
  });

  it('with the proxy named in TRUST_PROXY, logs no warning', async () => {
    expect(await warningsAfter('127.0.0.1', 3)).toEqual([]);
  });
});
