import type { LegalFacts, Pricing } from '@bilan/api/contract';

/**
 * Public facts of the site (D21, D22), as served by GET /api/public/site-config: the api's legal
 * facts and prices, read as the pages show them. Every value may be unset: the pages then show a
 * placeholder instead of inventing one.
 */
export interface SiteConfig extends LegalFacts {
  /** Name shown in the footer credit line; the publisher develops the product when unset. */
  developer: string | null;
  pricing: Pricing;
  /**
   * A legal fact is missing: the server runs on its own machine for a trial, and every page says
   * it is not meant for the public (D38).
   */
  legalNoticePending: boolean;
  /** The server runs with DEV_TOOLS: the developer screens (/summary, /submit) are shown (D28). */
  devTools: boolean;
}

/** Shown where a legal fact is missing from the configuration (the server warns at start). */
export const MISSING = '[à compléter]';

/** What every page says while the server runs without the legal notice's facts (D38). */
export const LEGAL_NOTICE_PENDING = 'Mentions légales à compléter\u00a0: ce serveur n’est pas destiné au public';

/** Shown on a pricing card whose amount is not configured (D22). */
export const ON_QUOTE = 'Sur devis';

export const EMPTY_SITE_CONFIG: SiteConfig = {
  publisherName: null,
  publisherAddress: null,
  siret: null,
  director: null,
  hostName: null,
  hostAddress: null,
  contactEmail: null,
  developer: null,
  legalNoticePending: false,
  pricing: { standard: null, pro: null, proPlus: null },
  devTools: false,
};

type Loose = Record<string, unknown>;

function record(value: unknown): Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
}

function text(...candidates: unknown[]): string | null {
  for (const value of candidates) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

function amount(...candidates: unknown[]): string | null {
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return euros.format(value);
    const asText = text(value);
    if (asText !== null) return asText;
  }
  return null;
}

/**
 * Reads the site-config answer. The facts may come grouped under `legal` (the API's layout)
 * or at the top level; anything that is not a non-empty string (or a price number) counts as unset.
 */
export function parseSiteConfig(body: unknown): SiteConfig {
  const root = record(body);
  const legal = { ...root, ...record(root.legal) };
  const pricing = record(root.pricing);
  return {
    publisherName: text(legal.publisherName),
    publisherAddress: text(legal.publisherAddress),
    siret: text(legal.siret),
    director: text(legal.director),
    hostName: text(legal.hostName),
    hostAddress: text(legal.hostAddress),
    contactEmail: text(legal.contactEmail, root.contactEmail),
    developer: text(legal.developer, root.developer),
    legalNoticePending: root.legalNoticePending === true,
    pricing: {
      standard: amount(pricing.standard),
      pro: amount(pricing.pro),
      proPlus: amount(pricing.proPlus),
    },
    devTools: root.devTools === true,
  };
}
