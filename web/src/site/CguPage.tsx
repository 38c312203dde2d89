import { Link } from '../routing/Link';
import { ConfigValue } from './ConfigValue';
import { LegalArticle } from './LegalArticle';
import { useScrollToHash } from './useScrollToHash';
import { useSiteConfig } from './useSiteConfig';

/** Terms of use (/cgu). */
export function CguPage() {
  const config = useSiteConfig();
  useScrollToHash(config !== null);
  const contact = config?.contactEmail ? (
    <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
  ) : (
    <ConfigValue value={config === null ? undefined : null} />
  );

  return (
    <LegalArticle title="Conditions générales d’utilisation" updated="29 août 2025" updatedIso="2025-08-29">
      <section aria-labelledby="cgu-objet">
        <h2 id="cgu-objet">1. Objet</h2>
        <p>
          Les présentes conditions générales d’utilisation (CGU) encadrent l’accès et l’utilisation du service Bilan
          Prévention, édité par <ConfigValue value={config === null ? undefined : config.publisherName} /> (ci-après
          «&nbsp;l’éditeur&nbsp;»). Utiliser le service vaut acceptation des présentes CGU.
        </p>
      </section>

      <section aria-labelledby="cgu-definitions">
        <h2 id="cgu-definitions">2. Définitions</h2>
        <ul>
          <li>
            <strong>Service</strong>&nbsp;: l’application web Bilan Prévention, qui permet de remplir un questionnaire
            de prévention et d’en produire le questionnaire rempli et un bilan de synthèse au format PDF.
          </li>
          <li>
            <strong>Pharmacie</strong>&nbsp;: l’officine cliente de l’éditeur qui propose le questionnaire à ses
            patients.
          </li>
          <li>
            <strong>Patient</strong>&nbsp;: la personne qui remplit le questionnaire à l’invitation d’une pharmacie.
          </li>
          <li>
            <strong>Utilisateur</strong>&nbsp;: toute personne qui utilise le service, patient, membre d’une pharmacie
            ou visiteur de la démonstration.
          </li>
        </ul>
      </section>

      <section aria-labelledby="cgu-public">
        <h2 id="cgu-public">3. Public concerné</h2>
        <p>
          Le questionnaire s’adresse aux <strong>patients majeurs</strong>, dans les tranches d’âge du dispositif
          «&nbsp;Mon bilan prévention&nbsp;»&nbsp;: 18 à 25 ans, 45 à 50 ans, 60 à 65 ans et 70 à 75 ans. L’âge est
          vérifié à l’inscription à partir de la date de naissance.
        </p>
      </section>

      <section aria-labelledby="cgu-nature">
        <h2 id="cgu-nature">4. Nature du service</h2>
        <p>
          Le service est <strong>indicatif</strong>. Il recueille des réponses et met en évidence des points à aborder
          lors d’un entretien de prévention. Il ne pose aucun diagnostic, ne prescrit rien et{' '}
          <strong>n’est pas un dispositif médical</strong>. Il ne remplace pas une consultation avec un médecin ou un
          autre professionnel de santé.
        </p>
        <p>
          Le service n’est pas conçu pour les situations d’urgence&nbsp;: en cas d’urgence, appelez le 15 ou le 112. Si
          vous avez des idées suicidaires, le 3114 répond gratuitement, 24 heures sur 24 et 7 jours sur 7.
        </p>
      </section>

      <section aria-labelledby="cgu-acces">
        <h2 id="cgu-acces">5. Accès au service</h2>
        <ul>
          <li>
            <strong>Patients</strong>&nbsp;: l’accès se fait par le lien ou le QR code propre à la pharmacie, sans
            création de compte. Le patient renseigne son identité et consent à la transmission de ses réponses à la
            pharmacie avant de répondre.
          </li>
          <li>
            <strong>Pharmacies</strong>&nbsp;: les comptes sont créés <strong>uniquement sur invitation</strong> de
            l’éditeur. La connexion demande l’adresse e-mail, le mot de passe et un code de vérification envoyé par
            e-mail.
          </li>
          <li>
            <strong>Démonstration</strong>&nbsp;: une version d’essai, accessible depuis la page{' '}
            <Link to="/form">Testez gratuitement</Link>, permet de découvrir le questionnaire avec des réponses
            fictives&nbsp;; elle n’est liée à aucune pharmacie.
          </li>
        </ul>
        <p>
          Le service est accessible depuis un navigateur récent sur téléphone, tablette ou ordinateur, avec une
          connexion à Internet.
        </p>
      </section>

      <section aria-labelledby="cgu-engagements">
        <h2 id="cgu-engagements">6. Engagements des utilisateurs</h2>
        <ul>
          <li>fournir des informations exactes et répondre au questionnaire pour soi-même&nbsp;;</li>
          <li>
            ne pas tenter d’accéder aux données d’autres personnes ni perturber le fonctionnement du service&nbsp;;
          </li>
          <li>
            pour les pharmacies&nbsp;: garder confidentiels les identifiants et codes de vérification, n’ouvrir l’accès
            qu’aux personnes habilitées de l’officine et utiliser les données des patients dans le respect du secret
            professionnel.
          </li>
        </ul>
      </section>

      <section aria-labelledby="cgu-donnees">
        <h2 id="cgu-donnees">7. Données personnelles et hébergement</h2>
        <p>
          La pharmacie est responsable du traitement des données de ses patients&nbsp;; l’éditeur agit pour elle comme{' '}
          <strong>sous-traitant technique</strong>. Les données de santé sont hébergées en France chez un hébergeur
          certifié de données de santé (HDS). Le détail figure dans la{' '}
          <Link to="/politiqueConfidentialite">politique de confidentialité</Link>.
        </p>
      </section>

      <section aria-labelledby="cgu-disponibilite">
        <h2 id="cgu-disponibilite">8. Disponibilité</h2>
        <p>
          L’éditeur s’efforce de rendre le service accessible en permanence, sans obligation de résultat. Il peut
          l’interrompre pour maintenance, mise à jour ou sécurité, en limitant la durée des interruptions.
        </p>
      </section>

      <section aria-labelledby="cgu-responsabilite">
        <h2 id="cgu-responsabilite">9. Responsabilité</h2>
        <p>
          L’interprétation des réponses et les conseils donnés au patient relèvent du professionnel de santé qui réalise
          l’entretien. L’éditeur ne saurait être tenu responsable d’une décision prise sur la seule base du
          questionnaire ou du bilan, ni d’une indisponibilité due à un cas de force majeure ou au réseau de
          l’utilisateur.
        </p>
      </section>

      <section aria-labelledby="cgu-propriete">
        <h2 id="cgu-propriete">10. Propriété intellectuelle</h2>
        <p>
          Le service, ses textes, interfaces et logiciels sont protégés par le droit de la propriété intellectuelle. Les
          documents PDF produits pour un patient peuvent être librement utilisés par ce patient et par sa pharmacie dans
          le cadre du bilan de prévention.
        </p>
      </section>

      <section aria-labelledby="cgu-tarifs">
        <h2 id="cgu-tarifs">11. Conditions financières</h2>
        <p>
          Le service ne facture rien aux patients. L’utilisation par les pharmacies est soumise à l’offre souscrite
          auprès de l’éditeur (Standard, Pro ou Pro+).
        </p>
      </section>

      <section aria-labelledby="cgu-modification">
        <h2 id="cgu-modification">12. Modification des CGU</h2>
        <p>
          L’éditeur peut modifier les présentes CGU. La version en vigueur est celle publiée sur cette page, avec sa
          date de mise à jour&nbsp;; les pharmacies sont informées par e-mail de tout changement important.
        </p>
      </section>

      <section aria-labelledby="cgu-droit">
        <h2 id="cgu-droit">13. Droit applicable et contact</h2>
        <p>
          Les présentes CGU sont soumises au droit français. En cas de litige, une solution amiable sera recherchée
          avant toute action&nbsp;; à défaut, les tribunaux français sont compétents, sous réserve des règles
          impératives protégeant les consommateurs. Pour toute question&nbsp;: {contact}.
        </p>
      </section>
    </LegalArticle>
  );
}
