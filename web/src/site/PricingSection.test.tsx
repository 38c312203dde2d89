import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './PricingSection';
import { EMPTY_SITE_CONFIG } from './siteConfig';

describe('PricingSection', () => {
  it('shows "Sur devis" on the three tiers when no amount is configured', () => {
    render(<PricingSection config={EMPTY_SITE_CONFIG} />);
    for (const tier of ['standard', 'pro', 'proPlus']) {
      expect(screen.getByTestId(`price-${tier}`)).toHaveTextContent(/^Sur devis$/);
    }
  });

  it('shows the configured amounts with their unit, and "Sur devis" for the one left unset', () => {
    render(
      <PricingSection config={{ ...EMPTY_SITE_CONFIG, pricing: { standard: '4,90 €', pro: '29 €', proPlus: null } }} />,
    );
    expect(screen.getByTestId('price-standard')).toHaveTextContent('4,90 € par formulaire');
    expect(screen.getByTestId('price-pro')).toHaveTextContent('29 € par mois');
    expect(screen.getByTestId('price-proPlus')).toHaveTextContent(/^Sur devis$/);
  });

  it('names the three tiers with their terms', () => {
    render(<PricingSection config={EMPTY_SITE_CONFIG} />);
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('Jusqu’à 50 formulaires par mois')).toBeInTheDocument();
    expect(within(pro).getByText('Rentable dès 7 formulaires par mois')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Standard' })).getByText('Sans engagement')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Pro+' })).getByText(/au-delà de 40 formulaires par mois/),
    ).toBeInTheDocument();
  });

  it('does not claim "Sur devis" while the configuration is still loading', () => {
    render(<PricingSection config={null} />);
    expect(screen.getByTestId('price-pro')).not.toHaveTextContent('Sur devis');
  });
});
