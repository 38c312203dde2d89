import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '../routing/Link';
import { pageBySection, visiblePages, type Answers, type Definition } from '@bilan/engine';
import { usePageFocus } from '../renderer/usePageFocus';
import { ActionError } from '../ui/ActionError';
import { usePageTitle } from '../renderer/usePageTitle';
import { ProgressBar } from '../renderer/ProgressBar';
import { useShownAfterHeading } from '../renderer/afterHeading';
import { Dialog } from '../ui/Dialog';
import { ErrorSummary, type ErrorSummaryItem } from '../ui/ErrorSummary';
import { RetryAlert } from '../ui/RetryAlert';
import { BlankQuestions } from './BlankQuestions';
import { reviewBlockId, ReviewedPageBlock } from './ReviewedPageBlock';
import { reviewOf, type Review } from './reviewOf';
import './review.css';
import { pageArrows } from '../i18n/pageArrows';
import { t } from '../i18n/translate';

export interface ReviewPageProps {
  definition: Definition;
  /** The answers that will be sent (saved ones), and the unsaved drafts of the pages. */
  answers: Answers;
  drafts: Answers;
  savedSections: readonly string[];
  /** The address of a questionnaire page ("Modifier", "Précédent"). */
  pageHref: (route: string, fromReview: boolean) => string;
  /** Who receives the answers, in a sentence under the heading. */
  intro: ReactNode;
  banner?: ReactNode;
  /** Below the page's buttons, e.g. the real flow's « Arrêter et effacer mes réponses ». */
  aside?: ReactNode;
  /** Sends the answers and leaves the page; an ActionError is shown with "Réessayer" when it helps. */
  onSend: () => Promise<void>;
}

/** What stops the finishing call (D14), as links to the pages concerned. */
function problemsOf(definition: Definition, review: Review): ErrorSummaryItem[] {
  const items = review.missingSections.map((section) => ({
    target: reviewBlockId(section),
    message: t('La page «\u00a0{title}\u00a0» n’a pas encore été validée.', {
      title: pageBySection(definition, section)?.title ?? section,
    }),
  }));
  for (const field of review.missingFields) {
    const section = field.split('.')[0] ?? '';
    if (items.some((i) => i.target === reviewBlockId(section))) continue;
    items.push({
      target: reviewBlockId(section),
      message: t('Une question obligatoire de la page «\u00a0{title}\u00a0» est sans réponse.', {
        title: pageBySection(definition, section)?.title ?? section,
      }),
    });
  }
  return items;
}

/**
 * The review page before the finishing call (D26): every answer by page, read through the
 * engine's record layer, a "Modifier" link per page, the count of unanswered questions, and
 * "Envoyer mes réponses" (a confirmation first when no question has an answer).
 */
export function ReviewPage({
  definition,
  answers,
  drafts,
  savedSections,
  pageHref,
  intro,
  banner,
  aside,
  onSend,
}: ReviewPageProps) {
  const heading = usePageFocus<HTMLHeadingElement>('verification');
  const answersShown = useShownAfterHeading('verification');
  // Read through the record layer once the heading is on screen (issue 34).
  const review = useMemo(
    () => (answersShown ? reviewOf(definition, answers, drafts, savedSections, new Date()) : null),
    [answersShown, definition, answers, drafts, savedSections],
  );
  const summary = useRef<HTMLDivElement>(null);
  const [problems, setProblems] = useState<ErrorSummaryItem[]>([]);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ActionError | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (problems.length > 0) summary.current?.focus();
  }, [problems]);

  const send = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await onSend();
    } catch (error) {
      setFailure(
        error instanceof ActionError
          ? error
          : new ActionError(t('Une erreur inattendue a empêché l’envoi. Réessayez dans un instant.'), true),
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const onSendClick = () => {
    // A click that comes before the deferred read must still act: the button is never dead.
    const checked = review ?? reviewOf(definition, answers, drafts, savedSections, new Date());
    const found = problemsOf(definition, checked);
    setProblems(found);
    if (found.length > 0) return;
    if (checked.answered === 0) setConfirmEmpty(true);
    else void send();
  };

  const unanswered = review ? review.questions - review.answered : 0;
  const last = definition.pages.at(-1);
  // The last step, after the questionnaire's pages (QuestionnairePage counts it the same way).
  const steps = visiblePages(definition, answers).length + 1;
  usePageTitle(
    t('Étape {step} sur {steps}\u00a0: {title}', {
      step: steps,
      steps,
      title: t('Vérifiez vos réponses avant l’envoi'),
    }),
  );
  return (
    <main className="container patient-page review" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        {t('Vérifiez vos réponses avant l’envoi')}
      </h1>
      <ProgressBar value={100} step={steps} steps={steps} />
      {banner}
      <ErrorSummary ref={summary} items={problems} />
      {intro}
      {review ? (
        <>
          <p className="review-total">
            {review.answered > 1
              ? t('Vous avez répondu à {answered}\u00a0questions sur {questions}.', {
                  answered: review.answered,
                  questions: review.questions,
                })
              : t('Vous avez répondu à {answered}\u00a0question sur {questions}.', {
                  answered: review.answered,
                  questions: review.questions,
                })}
          </p>
          {unanswered > 0 && <BlankQuestions review={review} pageHref={pageHref} />}
          {review.pages.map((reviewed) => (
            <ReviewedPageBlock
              key={reviewed.page.section}
              reviewed={reviewed}
              href={pageHref(reviewed.page.route, true)}
            />
          ))}
        </>
      ) : (
        <p role="status">{t('Chargement de vos réponses…')}</p>
      )}
      {failure && (
        <RetryAlert message={failure.message} busy={busy} onRetry={failure.retry ? () => void send() : undefined} />
      )}
      <div className="page-actions review-actions">
        {last && (
          <Link className="btn btn-secondary" to={pageHref(last.route, false)}>
            <span aria-hidden="true">{pageArrows().back} </span>
            {t('Précédent')}
          </Link>
        )}
        <button
          type="button"
          className="btn btn-primary btn-next"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onSendClick}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t('Envoi…') : t('Envoyer mes réponses')}
        </button>
      </div>
      {confirmEmpty && (
        <Dialog
          title={t('Envoyer un questionnaire sans aucune réponse\u00a0?')}
          onCancel={() => setConfirmEmpty(false)}
        >
          <p>{t('Vous n’avez répondu à aucune question. Votre pharmacien recevra un questionnaire vide.')}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setConfirmEmpty(false);
                void send();
              }}
            >
              {t('Envoyer sans réponse')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmEmpty(false)}>
              {t('Revenir à mes réponses')}
            </button>
          </div>
        </Dialog>
      )}
      {aside}
    </main>
  );
}
