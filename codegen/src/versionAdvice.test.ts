import { describe, expect, it } from 'vitest';
import { nextVersion, versionAdvice } from './versionAdvice';

const published = (version: string) => ({ version, published: true });
const draft = (version: string) => ({ version, published: false });

describe('versionAdvice', () => {
  it('sends a change to the next minor version after the newest published, or to the open draft', () => {
    expect(versionAdvice([published('1.0.0'), published('1.2.0')], '18to25', false)).toBe(
      'dans une nouvelle version, 1.3.0 (pnpm definitions:draft 18to25)',
    );
    expect(versionAdvice([published('1.2.0'), draft('1.3.0')], '18to25', false)).toBe('dans le brouillon 1.3.0');
  });

  it('sends a change that removes a field or an answer to a new major version (D5), or to a major draft', () => {
    expect(versionAdvice([published('1.2.0'), draft('1.3.0')], '60to65', true)).toBe(
      'dans une nouvelle version majeure, 2.0.0 (pnpm definitions:draft 60to65 --major)',
    );
    expect(versionAdvice([published('1.2.0'), draft('2.0.0')], '60to65', true)).toBe('dans le brouillon 2.0.0');
  });
});

describe('nextVersion', () => {
  it('is the next minor of the newest, or the next major', () => {
    expect(nextVersion(['1.0.0', '1.10.0', '1.9.0'], false)).toBe('1.11.0');
    expect(nextVersion(['1.0.0', '1.2.0'], true)).toBe('2.0.0');
  });
});
