import { useEffect, useState } from 'react';
import { apiJson } from '../api/client';
import { EMPTY_SITE_CONFIG, parseSiteConfig, type SiteConfig } from './siteConfig';

// One request per page load: the footer, the landing page and the legal pages share it.
let pending: Promise<SiteConfig> | null = null;
let loaded: SiteConfig | null = null;

/** Fetches the site configuration once; a failure yields the empty configuration (placeholders). */
function loadSiteConfig(): Promise<SiteConfig> {
  pending ??= apiJson('get', '/api/public/site-config')
    .then(parseSiteConfig)
    .catch(() => EMPTY_SITE_CONFIG)
    .then((config) => {
      loaded = config;
      return config;
    });
  return pending;
}

/** Tests start each case from an empty cache. */
export function resetSiteConfigCache(): void {
  pending = null;
  loaded = null;
}

/** The site configuration, or null while the first request is under way. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(loaded);
  useEffect(() => {
    if (config !== null) return;
    let active = true;
    void loadSiteConfig().then((value) => {
      if (active) setConfig(value);
    });
    return () => {
      active = false;
    };
  }, [config]);
  return config;
}
