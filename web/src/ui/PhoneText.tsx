import { textWithPhones } from '@bilan/engine';

/**
 * A French text whose declared phone numbers are links that dial them ("Appeler le 3114"): the
 * questionnaire's help notices (D7) and the counter guidance of the pharmacist's form page.
 */
export function PhoneText({ text, phones }: { text: string; phones?: readonly string[] }) {
  return (
    <>
      {textWithPhones(text, phones).map((segment, index) =>
        segment.phone ? (
          <a key={index} href={`tel:${segment.phone}`} aria-label={`Appeler le ${segment.text}`} className="phone-link">
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
