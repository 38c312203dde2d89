import { Link } from '../routing/Link';
import type { RecordLine } from '@bilan/engine';
import type { ReviewedPage } from './reviewOf';
import { t } from '../i18n/translate';

/** The engine's BMI line (recordPages, BMI_LABEL and bmiNotEvaluable) in the patient's language. */
function bmiAnswer(bmi: NonNullable<ReviewedPage['page']['bmi']>): string {
  if (bmi.status === 'evaluated') return bmi.answer;
  return bmi.status === 'missing'
    ? t('IMC non évaluable\u00a0: taille ou poids non renseigné')
    : t('IMC non évaluable\u00a0: taille ou poids à vérifier');
}

/** NOT_ANSWERED of the engine, in the patient's language. */
const notAnswered = () => t('Non renseigné');

function answerText(answer: RecordLine['answer']): string {
  if (answer === null) return notAnswered();
  return Array.isArray(answer) ? answer.join(', ') : answer;
}

/** The anchor of a page's block on the review page (the error summary links to it). */
export const reviewBlockId = (section: string) => `verification-${section}`;

/** One page on the review page: its questions and answers, and the link back to it. */
export function ReviewedPageBlock({ reviewed, href }: { reviewed: ReviewedPage; href: string }) {
  const { page, saved, unsavedChanges, unanswered } = reviewed;
  const id = reviewBlockId(page.section);
  return (
    <section className="review-page" id={id} tabIndex={-1} aria-labelledby={`${id}-titre`}>
      <div className="review-page-head">
        <h2 id={`${id}-titre`}>{page.title}</h2>
        <Link to={href} className="review-edit">
          {saved ? t('Modifier') : t('Compléter')}{' '}
          <span className="visually-hidden">
            {t('les réponses de la page «\u00a0{title}\u00a0»', { title: page.title })}
          </span>
        </Link>
      </div>
      {!saved && (
        <p className="notice notice-error">{t('Cette page n’a pas encore été validée avec «\u00a0Suivant\u00a0».')}</p>
      )}
      {unsavedChanges && (
        <p className="notice">
          {t(
            'Vous avez modifié cette page sans valider ces changements\u00a0: ils ne seront pas envoyés. Choisissez «\u00a0Modifier\u00a0» pour les valider.',
          )}
        </p>
      )}
      {saved && (
        <>
          {page.parts.map((part, index) => (
            <div key={part.heading ?? `partie-${index}`} className="review-part">
              {part.heading && <h3>{part.heading}</h3>}
              <dl className="review-list">
                {part.lines.map((line) => (
                  <div key={line.key} className="review-row">
                    <dt>{line.label}</dt>
                    <dd className={line.answer === null ? 'review-blank' : undefined}>{answerText(line.answer)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
          {page.bmi && (
            <dl className="review-list">
              <div className="review-row">
                <dt>{t('Indice de masse corporelle (IMC)')}</dt>
                <dd className={page.bmi.value === null ? 'review-blank' : undefined}>{bmiAnswer(page.bmi)}</dd>
              </div>
            </dl>
          )}
          {unanswered > 0 && (
            <p className="review-count">
              {unanswered > 1
                ? t('{count}\u00a0questions sans réponse sur cette page.', { count: unanswered })
                : t('Une question sans réponse sur cette page.')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
