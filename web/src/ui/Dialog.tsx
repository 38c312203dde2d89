import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

export interface DialogProps {
  /** The question or title, read first: the dialog is named by it. */
  title: string;
  children: ReactNode;
  /** Escape (or the browser closing the dialog): the caller closes it and loses nothing. */
  onCancel: () => void;
}

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (DSFR / GOV.UK pattern) on the native <dialog>: shown while mounted, the rest
 * of the page inert behind it, the focus moved to its title and kept inside it (Tab and
 * Shift+Tab wrap), Escape cancels, and the focus goes back where it was when it closes.
 */
export function Dialog({ title, children, onCancel }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const cancel = useRef(onCancel);
  // The latest callback, updated after render (a render must not write a ref).
  useLayoutEffect(() => {
    cancel.current = onCancel;
  });
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: the open attribute is what it understands.
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    heading.current?.focus();
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    const inside = dialog.current?.contains(active) ?? false;
    if (event.shiftKey && (active === first || !inside || active === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the caller decides; nothing is forgotten.
        event.preventDefault();
        cancel.current();
      }}
      onClose={() => {
        // Closed by the browser itself (a second Escape): the same as a cancel.
        if (dialog.current?.isConnected) cancel.current();
      }}
    >
      <h2 id={titleId} ref={heading} tabIndex={-1} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
