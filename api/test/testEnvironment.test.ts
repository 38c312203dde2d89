import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_NAMES } from '../src/environment';
import { cleanTestEnvironment } from './testEnvironment';

describe('the tests’ environment', () => {
  it('keeps nothing of the shell that changes behaviour, and says NODE_ENV=test', () => {
    const env: Record<string, string | undefined> = {
      PATH: '/usr/bin',
      HOME: '/home/dev',
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://bilan.example.fr',
      LEGAL_FACTS_OPTIONAL: '1',
      LEGAL_PUBLISHER_NAME: 'Éditeur',
      DATABASE_URL: 'postgres://x@localhost/bilan',
      SMTP_URL: 'smtp://localhost:25',
      DATA_DIR: '/srv/bilan',
      SMPT_URL: 'smtp://typo',
      TEST_DATABASE: 'postgres',
      DEFINITIONS_DIR: '/tmp/definitions',
    };
    expect(cleanTestEnvironment(env).sort()).toEqual(
      [
        'HOST',
        'PUBLIC_URL',
        'LEGAL_FACTS_OPTIONAL',
        'LEGAL_PUBLISHER_NAME',
        'DATABASE_URL',
        'SMTP_URL',
        'DATA_DIR',
        'SMPT_URL',
        'TEST_DATABASE',
        'DEFINITIONS_DIR',
      ].sort(),
    );
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/dev', NODE_ENV: 'test' });
  });

  it('is what this run got (vitest.config.ts cleans it before the projects start)', () => {
    const leftOver = ENVIRONMENT_NAMES.filter((name) => name !== 'NODE_ENV' && process.env[name] !== undefined);
    expect(leftOver).toEqual([]);
    expect(process.env.NODE_ENV).toBe('test');
  });
});
