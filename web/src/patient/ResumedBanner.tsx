import { visiblePages, type Definition, type ResolvedPage } from '@bilan/engine';
import { t } from '../i18n/translate';

/**
 * After a reload (D13), what really happened: where the questionnaire starts again and what was
 * kept. Shown until the person moves on.
 */
export function ResumedBanner({
  definition,
  page,
  savedSections,
}: {
  definition: Definition;
  page: ResolvedPage | null;
  savedSections: readonly string[];
}) {
  const pages = visiblePages(definition, {});
  const saved = pages.filter((p) => savedSections.includes(p.section)).length;
  const where = page
    ? t('Questionnaire repris à l’étape {step} sur {steps}, «\u00a0{title}\u00a0».', {
        step: pages.findIndex((p) => p.route === page.route) + 1,
        steps: pages.length,
        title: page.title,
      })
    : t('Questionnaire repris à la vérification de vos réponses.');
  const kept =
    saved === 0
      ? t('Aucune page n’avait encore été validée.')
      : saved === 1
        ? t(
            'Les réponses de la page validée avec «\u00a0Suivant\u00a0» sont conservées\u00a0; celles d’une page non validée ne le sont pas.',
          )
        : t(
            'Les réponses des {saved}\u00a0pages validées avec «\u00a0Suivant\u00a0» sont conservées\u00a0; celles d’une page non validée ne le sont pas.',
            { saved },
          );
  return (
    <p role="status" className="notice notice-success resumed-banner">
      {where} {kept}
    </p>
  );
}
