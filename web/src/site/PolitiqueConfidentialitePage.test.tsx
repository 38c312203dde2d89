import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/testRouter';
import { LEGAL_SUMMARY } from './legalSummaryTexts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PolitiqueConfidentialitePage', () => {
  it('has exactly 15 numbered sections, in order', async () => {
    renderSite('/politiqueConfidentialite');
    await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' });
    const numbered = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent ?? '')
      .filter((text) => /^\d+\. /.test(text));
    expect(numbered).toHaveLength(15);
    expect(numbered.map((text) => Number(text.split('.')[0]))).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(screen.getByText('14 août 2025')).toHaveAttribute('datetime', '2025-08-14');
  });

  it('has a #cookies section and a table of contents linking to it', async () => {
    const { container } = renderSite('/politiqueConfidentialite');
    await screen.findByRole('heading', { level: 1 });
    const cookies = container.querySelector('section#cookies');
    expect(cookies).not.toBeNull();
    expect(within(cookies as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(/^\d+\. Cookies/);
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    expect(within(toc).getAllByRole('link')).toHaveLength(15);
    expect(within(toc).getByRole('link', { name: 'Cookies et traceurs' })).toHaveAttribute('href', '#cookies');
  });

  it('scrolls to the cookies section when opened with #cookies', async () => {
    const { container } = renderSite('/politiqueConfidentialite#cookies');
    await screen.findByRole('heading', { level: 1 });
    const cookies = container.querySelector('section#cookies') as HTMLElement;
    await waitFor(() => expect(cookies.scrollIntoView).toHaveBeenCalled());
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(cookies);
    expect(document.activeElement).toBe(cookies);
  });

  it('states the retention periods and the roles of pharmacy and product', async () => {
    renderSite('/politiqueConfidentialite');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/3 ans par défaut, ou la durée choisie par votre pharmacie/)).toBeInTheDocument();
    expect(screen.getByText(/13 mois au plus/)).toBeInTheDocument();
    expect(screen.getAllByText(/sous-traitant technique/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Commission nationale de/)).toBeInTheDocument();
  });

  it('shows the configured host, or a placeholder when it is missing', async () => {
    renderSite('/politiqueConfidentialite', { legal: { hostName: 'Hébergeur Exemple SAS' } });
    expect(await screen.findByText(/Hébergeur Exemple SAS/)).toBeInTheDocument();
    // The contact e-mail is not configured: a visible placeholder, never an invented address.
    expect(screen.getAllByText('[à compléter]').length).toBeGreaterThan(0);
  });

  it('opens with its summary in Arabic, right to left, when a patient reading Arabic opens it (issue 46)', async () => {
    renderSite('/politiqueConfidentialite?langue=ar');
    const summary = await screen.findByRole('region', { name: 'ملخص باللغة العربية' });
    expect(summary).toHaveAttribute('lang', 'ar');
    expect(summary).toHaveAttribute('dir', 'rtl');
    expect(summary).toHaveTextContent('النص الفرنسي وحده هو الملزِم');
    // Written from the policy of this date: a new policy asks for the summary to be read again.
    expect(screen.getByText('14 août 2025')).toHaveAttribute('datetime', LEGAL_SUMMARY.policyOf);
  });

  it('has no summary for a French reader, nor for a language it does not know', async () => {
    renderSite('/politiqueConfidentialite?langue=de');
    await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' });
    expect(screen.queryByRole('region', { name: /Summary|ملخص/ })).toBeNull();
  });
});
