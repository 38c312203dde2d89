import { MISSING } from './siteConfig';

export interface ConfigValueProps {
  /** The configured value; null when unset; undefined while the configuration loads. */
  value: string | null | undefined;
}

/** A fact read from the site configuration, or a visible placeholder when it is not configured. */
export function ConfigValue({ value }: ConfigValueProps) {
  if (value === undefined) return <span aria-busy="true">…</span>;
  if (value === null) return <span className="config-missing">{MISSING}</span>;
  return <>{value}</>;
}
