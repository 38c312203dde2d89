import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MonthSelect, monthsBack } from './MonthSelect';

describe('the dashboard’s month', () => {
  it('counts back across years', () => {
    expect(monthsBack('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('names the months in French, this one first, 36 in all, whatever the browser’s language', () => {
    render(<MonthSelect id="m" value="" current="2026-11" disabled={false} onChange={() => {}} />);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(36);
    expect(options.slice(0, 3)).toEqual(['Novembre 2026', 'Octobre 2026', 'Septembre 2026']);
    expect(options.at(-1)).toBe('Décembre 2023');
    expect(screen.getByRole('combobox')).toHaveValue('2026-11');
  });

  it('keeps choosable a month from the address that the list does not hold', () => {
    render(<MonthSelect id="m" value="2020-01" current="2026-11" disabled={false} onChange={() => {}} />);
    expect(screen.getByRole('combobox')).toHaveValue('2020-01');
    expect(screen.getAllByRole('option').at(-1)?.textContent).toBe('Janvier 2020');
  });
});
