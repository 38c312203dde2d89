import { useSyncExternalStore } from 'react';
import { apiJson } from '../api/client';
import { EMPTY_SITE_CONFIG, parseSiteConfig, type SiteConfig } from './siteConfig';

// One request per page load: the footer, the landing page and the legal pages share it.
let pending: Promise<SiteConfig> | null = null;
let loaded: SiteConfig | null = null;
const listeners = new Set<() => void>();

/** Fetches the site configuration once; a failure yields the empty configuration (placeholders). */
function loadSiteConfig(): Promise<SiteConfig> {
  pending ??= apiJson('get', '/api/public/site-config')
    .then(parseSiteConfig)
    .catch(() => EMPTY_SITE_CONFIG)
    .then((config) => {
      loaded = config;
      for (const listener of listeners) listener();
      return config;
    });
  return pending;
}

/** Tests start each case from an empty cache. */
export function resetSiteConfigCache(): void {
  pending = null;
  loaded = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadSiteConfig();
  return () => listeners.delete(listener);
}

const current = () => loaded;
// A page the build rendered (the landing page) was rendered without the configuration: a part of
// it hydrated after the answer came must render as the build did, then show the answer. Read at
// mount instead, the answer made the markup differ and React threw the part away (CI, 2026-12-02).
const asPrerendered = () => null;

/** The site configuration, or null while the first request is under way. */
export function useSiteConfig(): SiteConfig | null {
  return useSyncExternalStore(subscribe, current, asPrerendered);
}
