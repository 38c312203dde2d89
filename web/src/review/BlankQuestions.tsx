import { Link } from '../routing/Link';
import type { Review } from './reviewOf';
import { t } from '../i18n/translate';

/**
 * The questions left blank (issue 34), page by page, each a link to its page: a person sees what
 * they skipped and goes back to it in one tap, or sends as it is (no answer is compulsory).
 */
export function BlankQuestions({
  review,
  pageHref,
}: {
  review: Review;
  pageHref: (route: string, fromReview: boolean) => string;
}) {
  const pages = review.pages.filter((p) => p.unanswered > 0);
  const total = pages.reduce((n, p) => n + p.unanswered, 0);
  return (
    <section className="review-blank" aria-labelledby="review-blank-title">
      <h2 id="review-blank-title">
        {total > 1 ? t('{count}\u00a0questions sans réponse', { count: total }) : t('Une question sans réponse')}
      </h2>
      <p>{t('Vous pouvez y répondre en touchant la question, ou envoyer vos réponses telles quelles.')}</p>
      {pages.map(({ page }) => (
        <div key={page.section}>
          <h3>{page.title}</h3>
          <ul>
            {page.lines
              .filter((line) => line.answer === null)
              .map((line) => (
                <li key={line.key}>
                  <Link to={pageHref(page.route, true)}>{line.label}</Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
