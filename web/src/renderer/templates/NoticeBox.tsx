import type { NoticeItem } from '@bilan/engine';
import { PhoneText } from '../../ui/PhoneText';

/**
 * D7 help notices: urgent ones (3114, 3919 and 17) are announced at once; others are notes. The
 * phone numbers a notice declares are links that dial them ("Appeler le 3114").
 */
export function NoticeBox({ notice }: { notice: NoticeItem }) {
  return (
    <div
      role={notice.level === 'urgent' ? 'alert' : 'note'}
      className={notice.level === 'urgent' ? 'notice help-notice help-notice-urgent' : 'notice help-notice'}
      data-notice={notice.key}
    >
      <PhoneText text={notice.text} phones={notice.phones} />
    </div>
  );
}
