import { Link } from '../routing/Link';
import { DashboardPreview } from './DashboardPreview';
import { Hero } from './Hero';
import { PricingSection } from './PricingSection';
import { MISSING } from './siteConfig';
import { SitePage } from './SitePage';
import { SiteSection } from './SiteSection';
import { useScrollToHash } from './useScrollToHash';
import { useSiteConfig } from './useSiteConfig';
import { durationText } from '../questionnaire/durationText';
import './site.css';

/** Its document title, also written into its prerendered HTML (web/prerender.ts). */
export const LANDING_TITLE = 'Le bilan prévention en pharmacie';

const TRIAL_SUBJECT = 'Demande d’essai gratuit — Bilan Prévention';

const STEPS = [
  {
    title: 'Vous partagez le lien',
    text: 'Votre officine dispose de son propre lien et de son QR code, à afficher au comptoir, à remettre sur une carte ou à envoyer par message.',
  },
  {
    title: 'Le patient répond chez lui ou en officine',
    text: `Sur téléphone, tablette ou ordinateur, il remplit le questionnaire adapté à sa tranche d’âge, page par page (${durationText(null).toLowerCase()}).`,
  },
  {
    title: 'Vous préparez le rendez-vous',
    text: 'Vous recevez le questionnaire rempli (Questionnaire.pdf) et une synthèse des points d’attention (Bilan.pdf) avant l’entretien au comptoir.',
  },
];

const BENEFITS = [
  {
    title: 'Un entretien mieux préparé',
    text: 'Les réponses arrivent avant le rendez-vous : vous consacrez l’entretien aux sujets qui comptent pour le patient plutôt qu’à la saisie.',
  },
  {
    title: 'Des questionnaires par tranche d’âge',
    text: 'Chaque tranche d’âge du dispositif a son questionnaire : mode de vie, santé, addictions, santé mentale, dépistages et vaccinations.',
  },
  {
    title: 'Une synthèse prête à l’emploi',
    text: 'Le bilan repère automatiquement les réponses qui appellent un échange (IMC, tabac, alcool, sommeil, humeur…) et laisse de la place pour vos notes.',
  },
  {
    title: 'Des données de santé protégées',
    text: 'Hébergement en France chez un hébergeur certifié de données de santé (HDS), connexions chiffrées et double authentification des comptes officine.',
  },
  {
    title: 'Un tableau de bord simple',
    text: 'Recherche par nom, filtre par mois, téléchargement des PDF et export des données de votre officine.',
  },
  {
    title: 'Sans installation',
    text: 'Tout se passe dans le navigateur, pour vous comme pour vos patients : aucune application à installer.',
  },
];

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'instant' });
}

/** A step or a benefit: its title and its sentence. */
function TitledText({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h3>{title}</h3>
      <p>{text}</p>
    </>
  );
}

/** Marketing home page addressed to pharmacies. */
export function LandingPage() {
  const config = useSiteConfig();
  useScrollToHash();
  const trialHref = config?.contactEmail
    ? `mailto:${config.contactEmail}?subject=${encodeURIComponent(TRIAL_SUBJECT)}`
    : null;

  return (
    <SitePage title={LANDING_TITLE}>
      <Hero
        title="Le bilan prévention, préparé avant le comptoir"
        subtitle="Vos patients remplissent leur questionnaire « Mon bilan prévention » sur leur téléphone ; vous recevez le questionnaire et une synthèse prêts pour l’entretien."
      >
        <Link to="/form" className="btn btn-on-blue" onClick={scrollToTop}>
          Voir un exemple de formulaire
        </Link>
        <a href="#essai" className="btn btn-outline-on-blue">
          Essayer gratuitement
        </a>
      </Hero>

      <SiteSection titleId="pitch-title" layout="container two-columns">
        <div>
          <h2 id="pitch-title">Pour les pharmacies qui proposent «&nbsp;Mon bilan prévention&nbsp;»</h2>
          <p>
            Le dispositif national «&nbsp;Mon bilan prévention&nbsp;» invite les adultes de <strong>18 à 25 ans</strong>
            , <strong>45 à 50 ans</strong>, <strong>60 à 65 ans</strong> et <strong>70 à 75 ans</strong> à faire le
            point sur leur santé avec un professionnel de santé. Le pharmacien en fait partie.
          </p>
          <p>
            Bilan Prévention vous fait gagner le temps de l’auto-questionnaire&nbsp;: le patient le remplit en amont,
            grâce à un QR code ou à un lien propre à votre officine, puis vient au comptoir pour découvrir son bilan
            avec vous.
          </p>
        </div>
        <ol className="steps" aria-label="Comment ça marche">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <TitledText {...step} />
              </div>
            </li>
          ))}
        </ol>
      </SiteSection>

      <SiteSection titleId="about-title" alt layout="container narrow">
        <h2 id="about-title">À propos</h2>
        <p>
          Bilan Prévention est un outil conçu pour les officines. Il ne pose pas de diagnostic et ne remplace pas
          l’entretien&nbsp;: il recueille les réponses du patient et les met en forme pour que le professionnel de santé
          puisse s’en saisir.
        </p>
        <p>
          Votre pharmacie reste responsable des données de ses patients&nbsp;; nous agissons comme sous-traitant
          technique et hébergeons les données de santé en France chez un hébergeur certifié HDS.
        </p>
      </SiteSection>

      <SiteSection titleId="benefits-title">
        <h2 id="benefits-title">Les avantages pour votre officine</h2>
        <ul className="benefit-grid">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="card">
              <TitledText {...benefit} />
            </li>
          ))}
        </ul>
      </SiteSection>

      <SiteSection titleId="dashboard-title" alt layout="container two-columns">
        <div>
          <h2 id="dashboard-title">Votre tableau de bord</h2>
          <p>
            Chaque questionnaire terminé apparaît dans votre espace, du plus récent au plus ancien, avec le nombre de
            formulaires du jour et du mois. Un clic suffit pour télécharger le questionnaire rempli et le bilan.
          </p>
          <p>
            L’accès est réservé aux comptes de votre officine, créés sur invitation, avec un code de vérification envoyé
            par e-mail.
          </p>
        </div>
        <DashboardPreview />
      </SiteSection>

      <PricingSection config={config} />

      <SiteSection titleId="trial-title" layout="container narrow trial" id="essai">
        <h2 id="trial-title">Essayez gratuitement</h2>
        <p>
          Vous souhaitez tester Bilan Prévention dans votre officine&nbsp;? Écrivez-nous&nbsp;: nous créons votre compte
          et vous accompagnons pour vos premiers bilans.
        </p>
        <p className="trial-actions">
          {trialHref ? (
            <a className="btn btn-primary" href={trialHref}>
              Demander un essai gratuit
            </a>
          ) : (
            <span>Adresse de contact&nbsp;: {config ? MISSING : '…'}</span>
          )}
          <Link to="/form" className="btn btn-secondary" onClick={scrollToTop}>
            Voir un exemple de formulaire
          </Link>
        </p>
      </SiteSection>
    </SitePage>
  );
}
