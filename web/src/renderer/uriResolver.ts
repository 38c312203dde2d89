/**
 * Stands in for fast-uri in the browser build (vite.config.ts), as plainMarkdown does for
 * markdown-to-jsx: @rjsf/utils imports it to resolve a `$ref` against a `$id`, and calls it only
 * for a draft 2020-12 root schema. The sections the renderer is given are neither 2020-12 nor hold
 * a `$ref` (uriResolver.test.ts), so it never runs for a patient; fast-uri weighed
 * about 6 KB gzip of the questionnaire's code. What it does if ever called: the standard
 * resolution where the base is an absolute address, a fragment against any base, else the
 * reference as it is.
 */
function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash < 0 ? uri : uri.slice(0, hash);
}

function resolve(base: string, ref: string): string {
  if (ref.startsWith('#')) return `${withoutFragment(base)}${ref}`;
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

const uriResolver = { resolve, equal };
export default uriResolver;
