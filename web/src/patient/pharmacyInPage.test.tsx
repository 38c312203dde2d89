// The server writes the pharmacy of a registration page into it (api plugins/webPages.ts): the
// form shows without a request for it. A missing or malformed element changes nothing.
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function freshUsePharmacy(element: string | null) {
  document.body.innerHTML = element ?? '';
  vi.resetModules();
  return (await import('./usePharmacy')).usePharmacy;
}

describe('the pharmacy written in the page', () => {
  it('is known at once, without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const usePharmacy = await freshUsePharmacy(
      '<script type="application/json" id="pharmacie-de-la-page">{"id":7,"name":"pharmacie-du-port","nom":"Pharmacie du Port"}</script>',
    );
    const { result } = renderHook(() => usePharmacy('pharmacie-du-port'));
    expect(result.current).toEqual({
      status: 'found',
      pharmacy: { id: 7, name: 'pharmacie-du-port', nom: 'Pharmacie du Port' },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  for (const [what, element] of [
    ['no element', null],
    ['a broken JSON', '<script type="application/json" id="pharmacie-de-la-page">{"id":7,</script>'],
    [
      'a wrong shape',
      '<script type="application/json" id="pharmacie-de-la-page">{"id":"7","name":"pharmacie-du-port"}</script>',
    ],
  ] as const) {
    it(`with ${what}, is asked of the server`, async () => {
      const fetch = vi.fn(() => new Promise<Response>(() => {}));
      vi.stubGlobal('fetch', fetch);
      const usePharmacy = await freshUsePharmacy(element);
      const { result } = renderHook(() => usePharmacy('pharmacie-du-port'));
      expect(result.current).toEqual({ status: 'loading' });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  }
});
