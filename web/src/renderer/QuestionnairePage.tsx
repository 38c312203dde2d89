import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  visiblePages,
  type Answers,
  type Definition,
  type ResolvedPage,
  type SectionAnswers,
  type ValidatorFunction,
} from '@bilan/engine';
import { ActionError } from '../ui/ActionError';
import { RetryAlert } from '../ui/RetryAlert';
import { ProgressBar } from './ProgressBar';
import { QuestionnaireForm } from './QuestionnaireForm';
import { LEAVE_WARNING, useLeaveWarning } from './useLeaveWarning';
import { usePageFocus } from './usePageFocus';
import { usePageTitle } from './usePageTitle';
import { forgetArrivingByButton, markArrivingByButton, useShownAfterHeading } from './afterHeading';
import './questionnaire.css';
import { pageArrows } from '../i18n/pageArrows';
import { t } from '../i18n/translate';

/** How long an action runs before its button says it is busy. */
const BUSY_AFTER_MS = 150;

/**
 * The items (questions, boxes, notices) drawn with the heading after « Suivant »: what a phone's
 * screen (390 × 844) shows under the header, the progress and the notice. The others come the
 * frame after.
 */
const FIRST_ITEMS = 4;

export interface QuestionnairePageProps {
  definition: Definition;
  page: ResolvedPage;
  /** Every section answered so far (this page's saved answers or draft included, if any). */
  answers: Answers;
  validate?: ValidatorFunction;
  /** While `validate` is on its way: what a submit waits for (QuestionnaireForm). */
  validatorReady?: () => Promise<void>;
  /**
   * Saves the section and moves on. A rejection keeps the person on the page with their
   * answers; an ActionError's message is shown beside the buttons, with "Réessayer" if it helps.
   */
  onNext: (sectionAnswers: SectionAnswers) => Promise<void>;
  /** "Précédent": shown when given (every page but the first, D26). Receives what the page shows. */
  onPrevious?: (sectionAnswers: SectionAnswers) => void;
  /** Every change of the page's answers (kept as a draft by the flow). */
  onChange?: (sectionAnswers: SectionAnswers) => void;
  /** The main button's words; « Suivant » by default (its arrow hidden from screen readers). */
  nextLabel?: string;
  /**
   * Beside the buttons, e.g. the real flow's small « Enregistrement… » while saves go to the
   * server: the button itself keeps its label (issue 34).
   */
  actionsNote?: ReactNode;
  /** What a reload does to the answers (the demo's warning by default). */
  reloadNotice?: string;
  /** A note above the questions, e.g. where a resumed form has started again. */
  banner?: ReactNode;
  /** Below the page's buttons, e.g. the real flow's « Arrêter et effacer mes réponses ». */
  aside?: ReactNode;
  /** Whether leaving or reloading asks to confirm (true by default; the definitions preview stores nothing). */
  leaveWarning?: boolean;
}

/**
 * The frame of every questionnaire page: header, progress, reload notice, the generic form,
 * "Précédent" and the main button.
 */
export function QuestionnairePage(props: QuestionnairePageProps) {
  const { definition, page, answers, validate, validatorReady, onNext, onPrevious, onChange } = props;
  const [value, setValue] = useState<SectionAnswers>(() => answers[page.section] ?? {});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: ActionError; answers: SectionAnswers } | null>(null);
  // A ref as well as the state: two taps in the same frame must not send twice.
  const running = useRef(false);
  const heading = usePageFocus<HTMLHeadingElement>(page.route);
  const questionsShown = useShownAfterHeading(page.route);
  // A page left by another way than its own « Suivant » (the person's session ended, say) leaves no mark.
  useLayoutEffect(() => forgetArrivingByButton, []);
  useLeaveWarning(props.leaveWarning ?? true);
  const { [page.section]: _own, ...otherAnswers } = answers;
  const pages = visiblePages(definition, answers);
  const step = pages.findIndex((p) => p.route === page.route) + 1;
  // The review before sending is the last step: the fourth page of four is « Étape 4 sur 5 — 80 % »,
  // never « 4 sur 4 » at 80 % (issue 44).
  const steps = pages.length + 1;
  usePageTitle(
    step > 0 ? t('Étape {step} sur {steps}\u00a0: {title}', { step, steps, title: page.title }) : page.title,
  );

  const submit = async (sectionAnswers: SectionAnswers) => {
    if (running.current) return;
    running.current = true;
    // Busy only when the action lasts: the usual « Suivant » shows the next page at once, and
    // drawing this page again with a spinner first cost a slow phone a whole pass over its
    // questions before the next heading (issue 44). The ref above already refuses a second tap.
    const showBusy = setTimeout(() => setBusy(true), BUSY_AFTER_MS);
    setFailure(null);
    markArrivingByButton();
    try {
      await onNext(sectionAnswers);
    } catch (error) {
      forgetArrivingByButton();
      // An ActionError is shown here; any other failure was shown by the caller. The answers stay.
      if (error instanceof ActionError) setFailure({ error, answers: sectionAnswers });
    } finally {
      clearTimeout(showBusy);
      running.current = false;
      setBusy(false);
    }
  };

  const change = (next: SectionAnswers) => {
    setValue(next);
    onChange?.(next);
  };

  const arrows = pageArrows();
  return (
    <main className="questionnaire container" id="contenu">
      <header className="questionnaire-header">
        <h1 ref={heading} tabIndex={-1}>
          {page.title}
        </h1>
        {page.subtitle && <p className="questionnaire-subtitle">{page.subtitle}</p>}
      </header>
      <ProgressBar value={Math.round((step / steps) * 100)} step={step} steps={steps} />
      {props.banner}
      <p className="notice leave-warning">{props.reloadNotice ?? LEAVE_WARNING()}</p>
      <QuestionnaireForm
        {...{ definition, page, value, otherAnswers, validate, validatorReady }}
        firstItems={questionsShown ? undefined : FIRST_ITEMS}
        onChange={change}
        onSubmit={(sectionAnswers) => void submit(sectionAnswers)}
      >
        {failure && (
          <RetryAlert
            message={failure.error.message}
            busy={busy}
            onRetry={failure.error.retry ? () => void submit(failure.answers) : undefined}
          />
        )}
        <div className="questionnaire-actions page-actions">
          {onPrevious && (
            <button
              type="button"
              className="btn btn-secondary btn-previous"
              disabled={busy}
              onClick={() => onPrevious(value)}
            >
              <span aria-hidden="true">{arrows.back} </span>
              {t('Précédent')}
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-next" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {props.nextLabel ?? (
              <>
                {t('Suivant')}
                <span aria-hidden="true"> {arrows.forward}</span>
              </>
            )}
          </button>
          {props.actionsNote}
        </div>
      </QuestionnaireForm>
      {props.aside}
    </main>
  );
}
