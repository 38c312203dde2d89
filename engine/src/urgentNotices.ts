import type { Answers, Definition, NoticeItem } from './definition';
import { itemVisibility } from './visibility';

/**
 * The urgent help notices (D7: 3114, 3919, 17…) that the answers brought up, every page
 * together: those a patient read because of what they answered, shown again once the form is
 * sent (issue 44). Notices shown to everyone are not repeated.
 */
export function urgentNotices(definition: Definition, answers: Answers): NoticeItem[] {
  const visible = itemVisibility(definition, answers);
  return definition.pages.flatMap((page) =>
    page.items.filter(
      (item): item is NoticeItem =>
        item.kind === 'notice' && item.level === 'urgent' && item.visibleWhen !== undefined && visible(item),
    ),
  );
}
