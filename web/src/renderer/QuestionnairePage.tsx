import { useState } from 'react';
import { visiblePages, type Answers, type Definition, type ResolvedPage, type SectionAnswers, type ValidatorFunction } from '@bilan/engine';
import { ProgressBar } from './ProgressBar';
import { QuestionnaireForm } from './QuestionnaireForm';
import { LEAVE_WARNING, useLeaveWarning } from './useLeaveWarning';
import { usePageFocus } from './usePageFocus';
import './questionnaire.css';

export interface QuestionnairePageProps {
  definition: Definition;
  page: ResolvedPage;
  /** Every section answered so far (this page's saved answers included, if any). */
  answers: Answers;
  validate?: ValidatorFunction;
  /** Saves the section and moves on; a rejection keeps the person on the page with their answers. */
  onNext: (sectionAnswers: SectionAnswers) => Promise<void>;
}

/**
 * The frame of every questionnaire page: header, progress, reload warning, the generic form,
 * and 'Suivant ➡' (or 'Envoyer & Terminer' on the last page).
 */
export function QuestionnairePage({ definition, page, answers, validate, onNext }: QuestionnairePageProps) {
  const [value, setValue] = useState<SectionAnswers>(() => answers[page.section] ?? {});
  const [busy, setBusy] = useState(false);
  const heading = usePageFocus<HTMLHeadingElement>(page.route);
  useLeaveWarning(true);
  const { [page.section]: _own, ...otherAnswers } = answers;
  const pages = visiblePages(definition, answers);
  const step = pages.findIndex((p) => p.route === page.route) + 1;

  const submit = async (sectionAnswers: SectionAnswers) => {
    if (busy) return;
    setBusy(true);
    try {
      await onNext(sectionAnswers);
    } catch {
      // The caller has shown the message; the answers stay on screen for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="questionnaire container" id="contenu">
      <header className="questionnaire-header">
        <h1 ref={heading} tabIndex={-1}>
          {page.title}
        </h1>
        {page.subtitle && <p className="questionnaire-subtitle">{page.subtitle}</p>}
      </header>
      <ProgressBar value={page.progress} step={step} steps={pages.length} />
      <p className="notice leave-warning">{LEAVE_WARNING}</p>
      <QuestionnaireForm {...{ definition, page, value, otherAnswers, validate }} onChange={setValue} onSubmit={(sectionAnswers) => void submit(sectionAnswers)}>
        <div className="questionnaire-actions">
          <button type="submit" className="btn btn-primary btn-next" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {page.last ? 'Envoyer & Terminer' : 'Suivant ➡'}
          </button>
        </div>
      </QuestionnaireForm>
    </main>
  );
}
