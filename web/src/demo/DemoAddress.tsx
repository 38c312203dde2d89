import { useState, type FormEvent } from 'react';
import { EmailSuggestion } from '../ui/EmailSuggestion';
import { isEmailAddress } from '../ui/isEmailAddress';
import { DEMO_INVALID_EMAIL } from './demoMessages';

interface Props {
  email: string;
  /** The id of the field and the prefix of its parts. */
  id: string;
  label: string;
  submitLabel: string;
  onSubmit: (email: string) => void;
  /** Shown while the address is not being changed: a button opens the field. */
  collapsed?: { text: string; openLabel: string };
}

/**
 * The demo's address where the PDFs go, to correct before sending (review page) or to send them
 * again (thank-you page): checked as at the start, with the likely address when the provider
 * looks mistyped (« Vouliez-vous dire …@gmail.com ? »).
 */
export function DemoAddress({ email, id, label, submitLabel, onSubmit, collapsed }: Props) {
  const [open, setOpen] = useState(collapsed === undefined);
  const [value, setValue] = useState(email);
  const [invalid, setInvalid] = useState(false);
  if (!open && collapsed)
    return (
      <div className="demo-address">
        <p>
          {collapsed.text}{' '}
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
            {collapsed.openLabel}
          </button>
        </p>
        <EmailSuggestion id={`${id}-suggestion`} value={email} onAccept={onSubmit} />
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isEmailAddress(value)) return setInvalid(true);
    setInvalid(false);
    onSubmit(value.trim());
    if (collapsed) setOpen(false);
  };
  return (
    <form className="card demo-address" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {invalid && (
          <p id={`${id}-error`} className="field-error">
            {DEMO_INVALID_EMAIL}
          </p>
        )}
        <EmailSuggestion id={`${id}-suggestion`} value={value} onAccept={setValue} />
      </div>
      <button type="submit" className="btn btn-primary">
        {submitLabel}
      </button>
    </form>
  );
}
