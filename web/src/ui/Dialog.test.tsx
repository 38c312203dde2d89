import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function Harness({ onCancel }: { onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && (
        <Dialog
          title="Une question ?"
          onCancel={() => {
            onCancel();
            setOpen(false);
          }}
        >
          <button type="button">Premier</button>
          <button type="button">Dernier</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, which takes the focus', async () => {
    render(<Harness onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Une question ?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Une question ?' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness onCancel={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Premier' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dernier' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Premier' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Dernier' })).toHaveFocus();
  });

  it('Escape (the dialog’s cancel) calls onCancel, and the focus goes back where it was', async () => {
    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    await userEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
