import { visiblePages, type Definition, type ResolvedPage } from '@bilan/engine';

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
    ? `à l’étape ${pages.findIndex((p) => p.route === page.route) + 1} sur ${pages.length}, «\u00a0${page.title}\u00a0»`
    : 'à la vérification de vos réponses';
  const kept =
    saved === 0
      ? 'Aucune page n’avait encore été validée.'
      : `Les réponses ${saved === 1 ? 'de la page validée' : `des ${saved}\u00a0pages validées`} avec «\u00a0Suivant\u00a0» sont conservées\u00a0; celles d’une page non validée ne le sont pas.`;
  return (
    <p role="status" className="notice notice-success resumed-banner">
      Questionnaire repris {where}. {kept}
    </p>
  );
}
