import type { ReactNode } from 'react';
import { Link } from '../routing/Link';
import { ConfigValue } from './ConfigValue';
import type { SiteConfig } from './siteConfig';

// The text of the privacy policy, section by section; PolitiqueConfidentialitePage lays it out.

interface PolicySection {
  id: string;
  title: string;
  body: (config: SiteConfig | null) => ReactNode;
}

function contact(config: SiteConfig | null): ReactNode {
  if (config?.contactEmail) return <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>;
  return <ConfigValue value={config === null ? undefined : null} />;
}

// The numbering is part of the text (the policy is cited as "section 10"): keep it in order.
export const PRIVACY_POLICY_SECTIONS: PolicySection[] = [
  {
    id: 'objet',
    title: 'Objet de la présente politique',
    body: () => (
      <p>
        Cette politique explique comment sont traitées les données personnelles recueillies par Bilan Prévention, le
        service qui permet aux patients d’une pharmacie de remplir en ligne leur questionnaire de prévention («&nbsp;Mon
        bilan prévention&nbsp;») avant un entretien au comptoir, et aux pharmacies de consulter ces questionnaires. Elle
        s’applique aux patients, aux personnes qui testent la démonstration et aux utilisateurs des comptes officine.
      </p>
    ),
  },
  {
    id: 'responsables',
    title: 'Responsable du traitement et sous-traitant',
    body: (config) => (
      <>
        <p>
          La <strong>pharmacie</strong> qui vous propose le questionnaire est <strong>responsable du traitement</strong>
          &nbsp;: c’est elle qui décide de recueillir vos réponses, pour préparer votre bilan de prévention, et c’est à
          elle que vos données sont transmises.
        </p>
        <p>
          L’éditeur de Bilan Prévention (<ConfigValue value={config === null ? undefined : config.publisherName} />)
          agit comme <strong>sous-traitant technique</strong> au sens de l’article 28 du règlement général sur la
          protection des données (RGPD)&nbsp;: il fournit et héberge l’outil, sur instruction des pharmacies, et
          n’utilise pas vos données pour son propre compte.
        </p>
        <p>
          Pour les comptes officine et pour la démonstration sans pharmacie, l’éditeur est responsable du traitement des
          données nécessaires à la gestion des comptes et au fonctionnement du service.
        </p>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Données collectées',
    body: () => (
      <ul>
        <li>
          <strong>Identité et contact du patient</strong>&nbsp;: civilité, nom, prénom, date de naissance, adresse
          e-mail et, si vous le renseignez, numéro de sécurité sociale.
        </li>
        <li>
          <strong>Réponses au questionnaire</strong>&nbsp;: mode de vie, antécédents, activité physique, vaccinations,
          dépistages, consommation de tabac, d’alcool ou d’autres substances, sommeil, santé mentale. Ce sont des
          données de santé, qui bénéficient d’une protection renforcée.
        </li>
        <li>
          <strong>Documents produits</strong>&nbsp;: le questionnaire rempli (PDF) et le bilan de synthèse (PDF) établis
          à partir de vos réponses.
        </li>
        <li>
          <strong>Comptes officine</strong>&nbsp;: nom du compte, nom affiché, adresse e-mail professionnelle, mot de
          passe sous forme d’empreinte, journal des connexions.
        </li>
        <li>
          <strong>Données techniques</strong>&nbsp;: journaux du serveur (date, adresse IP, page ou service appelé,
          résultat), nécessaires à la sécurité et au bon fonctionnement.
        </li>
        <li>
          <strong>Démonstration</strong>&nbsp;: l’adresse e-mail et la tranche d’âge saisies pour recevoir les documents
          d’exemple.
        </li>
      </ul>
    ),
  },
  {
    id: 'finalites',
    title: 'Finalités et bases légales',
    body: () => (
      <>
        <p>Vos données servent uniquement à&nbsp;:</p>
        <ul>
          <li>préparer et réaliser votre bilan de prévention avec un pharmacien ou un médecin&nbsp;;</li>
          <li>
            produire le questionnaire rempli et le bilan, et informer la pharmacie qu’un nouveau bilan est
            disponible&nbsp;;
          </li>
          <li>gérer les comptes des pharmacies et sécuriser le service.</li>
        </ul>
        <p>
          Le traitement de vos données de santé repose sur votre <strong>consentement explicite</strong>, recueilli
          avant l’accès au questionnaire (article 9.2.a du RGPD), et s’inscrit dans une démarche de prévention conduite
          par un professionnel de santé tenu au secret (article 9.2.h). La gestion des comptes et la sécurité reposent
          sur l’exécution du contrat avec la pharmacie et sur l’intérêt légitime à protéger le service.
        </p>
      </>
    ),
  },
  {
    id: 'questions',
    title: 'Questions obligatoires et facultatives',
    body: () => (
      <p>
        Les informations d’identité demandées à l’inscription sont nécessaires pour que la pharmacie puisse vous
        recevoir&nbsp;; le numéro de sécurité sociale reste facultatif. Dans le questionnaire, certaines questions
        peuvent être obligatoires lorsque la pharmacie en a besoin pour le bilan&nbsp;; elles sont alors signalées. Les
        questions facultatives ne bloquent jamais la finalisation&nbsp;: vous pouvez les laisser sans réponse.
      </p>
    ),
  },
  {
    id: 'destinataires',
    title: 'Destinataires des données',
    body: () => (
      <>
        <p>Vos données ne sont accessibles qu’aux personnes qui en ont besoin&nbsp;:</p>
        <ul>
          <li>
            les membres habilités de votre pharmacie, chacun ne voyant que les patients de sa propre officine&nbsp;;
          </li>
          <li>
            l’éditeur, en tant que sous-traitant, pour les seules opérations techniques (maintenance, sauvegarde,
            assistance à la demande de la pharmacie)&nbsp;;
          </li>
          <li>l’hébergeur certifié de données de santé, qui héberge l’infrastructure.</li>
        </ul>
        <p>Vos données ne sont ni vendues, ni louées, ni cédées à des tiers.</p>
      </>
    ),
  },
  {
    id: 'hebergement',
    title: 'Hébergement des données de santé',
    body: (config) => (
      <p>
        Les données sont hébergées en France par <ConfigValue value={config === null ? undefined : config.hostName} />,
        hébergeur certifié de données de santé (HDS) conformément à l’article L. 1111-8 du code de la santé publique.
        Les données de santé ne sont pas transférées hors de l’Union européenne. Les coordonnées de l’hébergeur figurent
        dans les <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    ),
  },
  {
    id: 'securite',
    title: 'Sécurité',
    body: () => (
      <ul>
        <li>toutes les communications sont chiffrées (HTTPS)&nbsp;;</li>
        <li>
          l’accès aux données est fondé sur les rôles (patient, pharmacie, administrateur), limité au strict nécessaire
          et journalisé&nbsp;: chaque consultation de données de santé est tracée&nbsp;;
        </li>
        <li>les mots de passe sont conservés sous forme d’empreinte (hachage), jamais en clair&nbsp;;</li>
        <li>les sessions reposent sur des jetons signés à durée de vie limitée&nbsp;;</li>
        <li>
          les comptes des pharmacies sont protégés par une double authentification&nbsp;: un code à 6 chiffres envoyé
          par e-mail, activé par défaut&nbsp;;
        </li>
        <li>le formulaire d’inscription est protégé contre les robots&nbsp;;</li>
        <li>les e-mails envoyés dans le parcours d’une pharmacie ne contiennent aucune donnée de santé.</li>
      </ul>
    ),
  },
  {
    id: 'conservation',
    title: 'Durées de conservation',
    body: () => (
      <ul>
        <li>
          <strong>Réponses et bilans PDF</strong>&nbsp;: 3 ans par défaut, ou la durée choisie par votre pharmacie, puis
          suppression par des purges automatiques&nbsp;;
        </li>
        <li>
          <strong>Journaux techniques</strong>&nbsp;: 13 mois au plus&nbsp;;
        </li>
        <li>
          <strong>Adresses e-mail</strong>&nbsp;: le temps nécessaire à l’envoi du bilan et des notifications, sauf pour
          les comptes officine, conservées tant que le compte existe&nbsp;;
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies et traceurs',
    body: () => (
      <>
        <p>
          Bilan Prévention n’utilise que des cookies et stockages locaux <strong>strictement nécessaires</strong>&nbsp;:
          maintien de la session d’un compte officine et déroulement du questionnaire dans votre navigateur. Ils sont
          exemptés de consentement.
        </p>
        <p>
          Aucun cookie de mesure d’audience, de publicité ou de réseau social n’est déposé. La protection anti-robot du
          formulaire d’inscription repose par défaut sur une preuve de travail calculée par votre navigateur (ALTCHA),
          hébergée sur nos serveurs&nbsp;: elle ne dépose pas de cookie et ne transmet aucune information à un tiers.
        </p>
      </>
    ),
  },
  {
    id: 'profilage',
    title: 'Absence de vente, de profilage et de décision automatisée',
    body: () => (
      <p>
        Vos données ne sont jamais vendues ni utilisées à des fins de prospection ou de profilage commercial. Le bilan
        de synthèse signale des points à aborder lors de l’entretien, mais aucune décision produisant des effets à votre
        égard n’est prise de manière automatisée&nbsp;: c’est le professionnel de santé qui interprète vos réponses avec
        vous.
      </p>
    ),
  },
  {
    id: 'mineurs',
    title: 'Mineurs',
    body: () => (
      <p>
        Le service s’adresse aux adultes. Dans les cas où une personne mineure serait amenée à l’utiliser, l’accord de
        ses parents ou de son représentant légal est requis lorsque la loi l’exige.
      </p>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits',
    body: (config) => (
      <>
        <p>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation et d’opposition, ainsi que
          d’un droit à la portabilité de vos données. Vous pouvez retirer votre consentement à tout moment, sans effet
          sur les traitements déjà réalisés.
        </p>
        <p>
          La pharmacie étant responsable du traitement, adressez vos demandes <strong>à votre pharmacie</strong>. Si
          vous nous écrivez directement ({contact(config)}), nous transmettrons votre demande à la pharmacie concernée
          et l’aiderons à y répondre dans le délai d’un mois prévu par le RGPD.
        </p>
      </>
    ),
  },
  {
    id: 'reclamation',
    title: 'Réclamation auprès de la CNIL',
    body: () => (
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la
        Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex
        07, ou en ligne sur{' '}
        <a href="https://www.cnil.fr" rel="noreferrer">
          www.cnil.fr
        </a>
        .
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications et contact',
    body: (config) => (
      <p>
        Cette politique peut évoluer, notamment en cas de changement de service ou de réglementation&nbsp;; la date de
        dernière mise à jour figure en haut de la page. Pour toute question sur la protection des données, écrivez à{' '}
        {contact(config)}.
      </p>
    ),
  },
];
