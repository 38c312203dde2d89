import type { ReactNode } from 'react';

interface Props {
  /** The id of the section's h2, which names it. */
  titleId: string;
  /** The tinted background, every other section. */
  alt?: boolean;
  /** The inner container's layout classes, e.g. "container narrow". */
  layout?: string;
  /** An anchor for links (#essai, #tarifs). */
  id?: string;
  children: ReactNode;
}

/** A band of the landing page: a section named by its h2, around a centred container. */
export function SiteSection({ titleId, alt = false, layout = 'container', id, children }: Props) {
  return (
    <section className={alt ? 'site-section site-section-alt' : 'site-section'} aria-labelledby={titleId} id={id}>
      <div className={layout}>{children}</div>
    </section>
  );
}
