import { describe, expect, it } from 'vitest';
import { cleanJson, cleanText } from './safeText';

describe('cleanText', () => {
  it('stores NFC: a decomposed accent becomes one character', () => {
    expect(cleanText('Le\u0301a', false)).toEqual({ ok: true, text: 'Léa' });
    expect(cleanText('Zoé', false)).toEqual({ ok: true, text: 'Zoé' });
  });

  it.each([
    ['NUL', 'a\u0000b', 'nul'],
    ['a bell', 'a\u0007b', 'control'],
    ['a tab', 'a\tb', 'control'],
    ['DEL', 'a\u007fb', 'control'],
    ['a C1 control', 'a\u0085b', 'control'],
    ['a lone high surrogate', 'a\ud83db', 'lone_surrogate'],
    ['a lone low surrogate', 'a\ude00b', 'lone_surrogate'],
  ])('refuses %s, even in a multi-line text', (_name, value, reason) => {
    expect(cleanText(value, false)).toEqual({ ok: false, reason });
    expect(cleanText(value, true)).toEqual({ ok: false, reason });
  });

  it.each([
    ['a right-to-left override', 'photo\u202egnp.exe'],
    ['a left-to-right isolate', 'a\u2066b'],
    ['a zero-width space', 'ad\u200bmin'],
    ['a zero-width joiner', 'a\u200db'],
    ['a byte order mark', '\ufeffZoé'],
    ['a soft hyphen', 'Zo\u00ade'],
  ])('refuses %s in a one-line field, removes it from a free text', (_name, value) => {
    expect(cleanText(value, false)).toEqual({ ok: false, reason: 'invisible' });
    expect(cleanText(value, true)).toEqual({ ok: false, reason: 'invisible' });
    expect(cleanText(value, false, true)).toEqual({ ok: true, text: value.replace(/\p{Cf}/gu, '') });
    expect(cleanText(value, true, true)).toEqual({ ok: true, text: value.replace(/\p{Cf}/gu, '') });
  });

  it('keeps a well-formed surrogate pair (emoji)', () => {
    expect(cleanText('merci 😀', false)).toEqual({ ok: true, text: 'merci 😀' });
  });

  it('refuses line breaks in a one-line text, stores them as \\n in a multi-line one', () => {
    for (const br of ['\n', '\r\n', '\r', '\u2028']) {
      expect(cleanText(`a${br}b`, false)).toEqual({ ok: false, reason: 'line_break' });
      expect(cleanText(`a${br}b`, true)).toEqual({ ok: true, text: 'a\nb' });
    }
  });
});

describe('cleanJson', () => {
  const options = { multilineKeys: new Set(['reponses']), skipKeys: new Set(['password']) };

  it('cleans nested strings in place, multi-line only under the given keys, passwords untouched', () => {
    const body = { nom: 'Le\u0301a', reponses: { s: { t: 'a\r\nb', list: ['e\u0301'] } }, password: 'pa\u0000ss' };
    expect(cleanJson(body, options)).toEqual({
      nom: 'Léa',
      reponses: { s: { t: 'a\nb', list: ['é'] } },
      password: 'pa\u0000ss',
    });
  });

  it('names the refused field and its path', () => {
    expect(() => cleanJson({ userForm: { email: 'a\u0000@b.fr' } }, options)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: 'invalid_text',
        details: { field: 'email', path: '/userForm/email', reason: 'nul' },
      }),
    );
    expect(() => cleanJson({ nom: 'a\nb' }, options)).toThrow(
      expect.objectContaining({ details: { field: 'nom', path: '/nom', reason: 'line_break' } }),
    );
    expect(() => cleanJson({ ['k\u0001']: 1 }, options)).toThrow(expect.objectContaining({ code: 'invalid_text' }));
  });

  it('refuses an invisible character outside the answers, removes it inside them', () => {
    expect(() => cleanJson({ email: 'zoe\u200b@exemple.fr' }, options)).toThrow(
      expect.objectContaining({ details: { field: 'email', path: '/email', reason: 'invisible' } }),
    );
    expect(cleanJson({ reponses: { s: { t: 'photo\u202egnp.exe', u: ['\u2066x\u2069'] } } }, options)).toEqual({
      reponses: { s: { t: 'photognp.exe', u: ['x'] } },
    });
  });

  it('names the path of a refused value deep in the body', () => {
    let body: unknown = 'a\u0000b';
    for (let i = 0; i < 31; i++) body = i % 2 === 0 ? [body] : { [`k${i}`]: body };
    expect(() => cleanJson({ top: body }, options)).toThrow(
      expect.objectContaining({
        details: expect.objectContaining({
          field: '0',
          path: `/top/${Array.from({ length: 31 }, (_, i) => (i % 2 === 0 ? '0' : `k${i}`))
            .reverse()
            .join('/')}`,
        }),
      }),
    );
  });

  it('walks without recursion: a value nested 100,000 levels is cleaned, not a stack overflow', () => {
    let deep: unknown = 'Le\u0301a';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => cleanJson({ deep }, options)).not.toThrow();
    let inner: unknown = (cleanJson({ deep }, options) as { deep: unknown }).deep;
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe('Léa');
  });
});
