import { describe, expect, it } from 'vitest';
import { EMPTY_SITE_CONFIG, parseSiteConfig } from './siteConfig';

describe('parseSiteConfig', () => {
  it('reads the facts grouped under legal and the pricing amounts', () => {
    const config = parseSiteConfig({
      legal: {
        publisherName: 'Jeanne Martin EI',
        publisherAddress: '1 rue de la Paix, 75002 Paris',
        siret: '12345678900011',
        director: 'Jeanne Martin',
        hostName: 'Hébergeur HDS',
        hostAddress: '2 avenue du Port, 13002 Marseille',
        contactEmail: 'contact@example.fr',
      },
      pricing: { standard: '4,90 €', pro: null, proPlus: '59 €' },
    });
    expect(config.publisherName).toBe('Jeanne Martin EI');
    expect(config.hostAddress).toBe('2 avenue du Port, 13002 Marseille');
    expect(config.contactEmail).toBe('contact@example.fr');
    expect(config.pricing).toEqual({ standard: '4,90 €', pro: null, proPlus: '59 €' });
    expect(config.devTools).toBe(false);
    expect(parseSiteConfig({ devTools: true }).devTools).toBe(true);
    expect(parseSiteConfig({ devTools: 'true' }).devTools).toBe(false);
  });

  it('treats blank strings, wrong types and a missing body as unset', () => {
    expect(parseSiteConfig({ legal: { publisherName: '  ', siret: 123 }, pricing: { pro: '' } })).toEqual(
      EMPTY_SITE_CONFIG,
    );
    expect(parseSiteConfig(null)).toEqual(EMPTY_SITE_CONFIG);
    expect(parseSiteConfig('oops')).toEqual(EMPTY_SITE_CONFIG);
  });

  it('formats a numeric amount in euros, French style', () => {
    const config = parseSiteConfig({ pricing: { pro: 29 } });
    expect(config.pricing.pro).toMatch(/^29,00\s€$/u);
  });

  it('accepts the facts at the top level too', () => {
    expect(parseSiteConfig({ contactEmail: 'a@b.fr', hostName: 'H' })).toMatchObject({
      contactEmail: 'a@b.fr',
      hostName: 'H',
    });
  });
});
