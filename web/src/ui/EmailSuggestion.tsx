import { suggestedEmail } from './emailSuggestion';

/**
 * « Vouliez-vous dire …@gmail.com ? » under an e-mail field whose domain looks mistyped, with a
 * button that takes the suggestion; nothing for an address that looks right.
 */
export function EmailSuggestion({
  value,
  onAccept,
  id,
}: {
  value: string;
  onAccept: (email: string) => void;
  id: string;
}) {
  const suggestion = suggestedEmail(value);
  if (!suggestion) return null;
  return (
    <p id={id} className="email-suggestion" role="status">
      Vouliez-vous dire <strong>{suggestion}</strong>
      {'\u00a0'}?{' '}
      <button type="button" className="btn btn-secondary" onClick={() => onAccept(suggestion)}>
        Oui, corriger l’adresse
      </button>
    </p>
  );
}
