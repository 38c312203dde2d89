import { SiteSection } from './SiteSection';
import { ON_QUOTE, type SiteConfig } from './siteConfig';
import './site.css';
import './pricing.css';

export interface PricingSectionProps {
  /** null while the site configuration loads. */
  config: SiteConfig | null;
}

interface Tier {
  key: keyof SiteConfig['pricing'];
  name: string;
  unit: string;
  summary: string;
  features: string[];
  featured?: boolean;
}

const TIERS: Tier[] = [
  {
    key: 'standard',
    name: 'Standard',
    unit: 'par formulaire',
    summary: 'Vous ne payez que les questionnaires remplis.',
    features: ['Paiement au formulaire', 'Sans engagement', 'Idéal pour démarrer ou pour un usage ponctuel'],
  },
  {
    key: 'pro',
    name: 'Pro',
    unit: 'par mois',
    summary: 'Un forfait mensuel pour une activité régulière.',
    features: [
      'Jusqu’à 50 formulaires par mois',
      'Rentable dès 7 formulaires par mois',
      'Tableau de bord et exports inclus',
    ],
    featured: true,
  },
  {
    key: 'proPlus',
    name: 'Pro+',
    unit: 'par mois',
    summary: 'Pour les officines qui font du bilan prévention une activité à part entière.',
    features: [
      'Formulaires illimités',
      'Tarif optimisé automatiquement au-delà de 40 formulaires par mois',
      'Tableau de bord et exports inclus',
    ],
  },
];

/** The three pricing tiers; amounts come from the configuration and read "Sur devis" when unset (D22). */
export function PricingSection({ config }: PricingSectionProps) {
  return (
    <SiteSection titleId="tarifs-title" alt id="tarifs">
      <h2 id="tarifs-title">Nos offres</h2>
      <p className="section-lead">Trois formules, selon le nombre de bilans que réalise votre officine.</p>
      <ul className="pricing-grid">
        {TIERS.map((tier) => {
          const amount = config === null ? undefined : config.pricing[tier.key];
          return (
            <li
              key={tier.key}
              className={tier.featured ? 'card pricing-card pricing-card-featured' : 'card pricing-card'}
            >
              <article aria-labelledby={`tier-${tier.key}`}>
                <h3 id={`tier-${tier.key}`}>{tier.name}</h3>
                <p className="pricing-amount" data-testid={`price-${tier.key}`}>
                  {amount === undefined ? (
                    <span aria-busy="true">…</span>
                  ) : amount === null ? (
                    ON_QUOTE
                  ) : (
                    <>
                      {amount} <span className="pricing-unit">{tier.unit}</span>
                    </>
                  )}
                </p>
                <p>{tier.summary}</p>
                <ul className="check-list">
                  {tier.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </article>
            </li>
          );
        })}
      </ul>
    </SiteSection>
  );
}
