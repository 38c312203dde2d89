import type { ReactNode } from 'react';

/** A form's submit button, busy (and disabled) while its request runs. */
export function SubmitButton({
  busy,
  disabled = false,
  block = true,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={block ? 'btn btn-primary btn-block' : 'btn btn-primary'}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}
