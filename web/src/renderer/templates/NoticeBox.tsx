import { textWithPhones, type NoticeItem } from '@bilan/engine';

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
      {textWithPhones(notice.text, notice.phones).map((segment, index) =>
        segment.phone ? (
          <a key={index} href={`tel:${segment.phone}`} aria-label={`Appeler le ${segment.text}`} className="phone-link">
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </div>
  );
}
