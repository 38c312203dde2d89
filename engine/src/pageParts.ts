import type {
  Condition,
  HeadingItem,
  NoticeItem,
  ResolvedPage,
  ResolvedPageItem,
  ResolvedQuestion,
} from './definition';

/** Whether a page item asks something (and stores answers), rather than a notice or a heading. */
export function isQuestion(item: ResolvedPageItem): item is ResolvedQuestion {
  return item.kind !== 'notice' && item.kind !== 'heading';
}

/** The items a page shows under one of its headings. */
export interface PagePart {
  /** The heading over the part; null for what comes before the page's first heading. */
  heading: HeadingItem | null;
  /** Its questions and notices, in definition order. */
  items: Array<ResolvedQuestion | NoticeItem>;
}

/**
 * A page's items grouped under its headings, keeping only what `shows` keeps (by default,
 * everything). A heading shows while its own condition holds and at least one item of its part
 * shows, so a man never reads a heading over nothing but the questions hidden from him. The
 * questionnaire, Questionnaire.pdf and the review page all lay out a page with this.
 */
export function pageParts(
  page: ResolvedPage,
  shows: (item: { visibleWhen?: Condition }) => boolean = () => true,
): PagePart[] {
  const parts: PagePart[] = [];
  let current: PagePart = { heading: null, items: [] };
  const close = () => {
    if (current.items.length > 0) parts.push(current);
  };
  for (const item of page.items) {
    if (item.kind === 'heading') {
      close();
      current = { heading: shows(item) ? item : null, items: [] };
    } else if (shows(item)) {
      current.items.push(item);
    }
  }
  close();
  return parts;
}
