import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx's `Markdown` in the browser build (vite.config.ts). rjsf renders
 * Markdown only where a uiSchema enables it, which ours never do (uiSchemaOf.test.ts), and in its
 * own developer error messages; the parser weighed 30 KB gzip of the questionnaire's code.
 * Text shows as it is.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
