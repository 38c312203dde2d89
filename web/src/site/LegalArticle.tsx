import type { ReactNode } from 'react';
import { LegalSummary } from './LegalSummary';
import { SitePage } from './SitePage';
import './site.css';
import './legal.css';

export interface LegalArticleProps {
  title: string;
  /** Date of the last update, already written in French. */
  updated: string;
  /** Machine-readable date (YYYY-MM-DD) of the same update. */
  updatedIso: string;
  children: ReactNode;
}

/**
 * Common frame of the legal pages: title, last update, the summary in the patient's language when
 * a patient's screen opened it (issue 46), and a readable column of text.
 */
export function LegalArticle({ title, updated, updatedIso, children }: LegalArticleProps) {
  return (
    <SitePage title={title}>
      <article className="container legal">
        <header className="legal-header">
          <h1>{title}</h1>
          <p className="legal-updated">
            Dernière mise à jour{'\u00a0'}: <time dateTime={updatedIso}>{updated}</time>
          </p>
        </header>
        <LegalSummary />
        {children}
      </article>
    </SitePage>
  );
}
