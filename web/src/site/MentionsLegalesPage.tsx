import { Link } from '../routing/Link';
import { ConfigValue } from './ConfigValue';
import { LegalArticle } from './LegalArticle';
import { LEGAL_NOTICE_PENDING } from './siteConfig';
import { useScrollToHash } from './useScrollToHash';
import { useSiteConfig } from './useSiteConfig';

/** Legal notice (/mentions-legales); publisher and host details come from the configuration (D21). */
export function MentionsLegalesPage() {
  const config = useSiteConfig();
  useScrollToHash(config !== null);
  const value = (pick: (c: NonNullable<typeof config>) => string | null) => (
    <ConfigValue value={config === null ? undefined : pick(config)} />
  );
  // On a trial server (D38) a missing fact is left out rather than shown as a placeholder, and its
  // section says once why the notice is incomplete.
  const pending = config?.legalNoticePending === true;
  const shown = (pick: (c: NonNullable<typeof config>) => string | null) =>
    !pending || config === null || pick(config) !== null;
  const pendingNote = (...picks: ((c: NonNullable<typeof config>) => string | null)[]) =>
    pending && config !== null && picks.some((pick) => pick(config) === null) ? (
      <p className="legal-notice-pending">{LEGAL_NOTICE_PENDING}.</p>
    ) : null;

  return (
    <LegalArticle title="Mentions légales" updated="14 août 2025" updatedIso="2025-08-14">
      <p>
        Conformément aux articles 6-III et 19 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie
        numérique (LCEN), les informations suivantes sont portées à la connaissance des utilisateurs du site et du
        service Bilan Prévention.
      </p>

      <section aria-labelledby="editeur">
        <h2 id="editeur">Éditeur du site</h2>
        <p>Le site et le service Bilan Prévention sont édités par une entreprise individuelle&nbsp;:</p>
        <ul>
          {shown((c) => c.publisherName) && <li>Nom&nbsp;: {value((c) => c.publisherName)}</li>}
          <li>Forme juridique&nbsp;: entreprise individuelle</li>
          {shown((c) => c.publisherAddress) && <li>Adresse&nbsp;: {value((c) => c.publisherAddress)}</li>}
          {shown((c) => c.siret) && <li>SIRET&nbsp;: {value((c) => c.siret)}</li>}
          {shown((c) => c.director) && <li>Directeur de la publication&nbsp;: {value((c) => c.director)}</li>}
          {shown((c) => c.contactEmail) && (
            <li>
              Contact&nbsp;:{' '}
              {config?.contactEmail ? (
                <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
              ) : (
                value((c) => c.contactEmail)
              )}
            </li>
          )}
        </ul>
        {pendingNote(
          (c) => c.publisherName,
          (c) => c.publisherAddress,
          (c) => c.siret,
          (c) => c.director,
          (c) => c.contactEmail,
        )}
      </section>

      <section aria-labelledby="hebergeur">
        <h2 id="hebergeur">Hébergeur</h2>
        <p>
          Le service et les données de santé qu’il traite sont hébergés en France par un hébergeur certifié de données
          de santé (HDS), au sens de l’article L. 1111-8 du code de la santé publique&nbsp;:
        </p>
        <ul>
          {shown((c) => c.hostName) && <li>Hébergeur&nbsp;: {value((c) => c.hostName)}</li>}
          {shown((c) => c.hostAddress) && <li>Adresse&nbsp;: {value((c) => c.hostAddress)}</li>}
        </ul>
        {pendingNote(
          (c) => c.hostName,
          (c) => c.hostAddress,
        )}
        <p>
          La certification HDS de l’hébergeur couvre les activités 1 à 6 du référentiel&nbsp;: mise à disposition et
          maintien en condition opérationnelle des sites physiques, de l’infrastructure matérielle, de l’infrastructure
          virtuelle et de la plateforme d’hébergement d’applications, administration et exploitation du système
          d’information contenant les données de santé, et sauvegarde externalisée de ces données.
        </p>
      </section>

      <section aria-labelledby="architecture">
        <h2 id="architecture">Architecture technique</h2>
        <p>
          Bilan Prévention est une application web&nbsp;: le navigateur du patient ou du pharmacien affiche les pages et
          dialogue avec un serveur applicatif unique, hébergé chez l’hébergeur HDS indiqué ci-dessus, qui enregistre les
          réponses dans une base de données, produit les documents PDF (questionnaire rempli et bilan) et envoie les
          e-mails.
        </p>
        <ul>
          <li>Toutes les communications entre le navigateur et le serveur sont chiffrées (HTTPS).</li>
          <li>
            Dans le parcours d’une pharmacie, les réponses sont enregistrées sur le serveur à chaque page validée&nbsp;;
            les e-mails envoyés ne contiennent aucune donnée de santé.
          </li>
          <li>
            Dans le parcours de démonstration, les réponses restent dans la mémoire du navigateur et les documents
            d’exemple sont envoyés à l’adresse saisie par la personne qui teste le service.
          </li>
          <li>
            L’accès des pharmacies passe par des comptes nominatifs créés sur invitation, protégés par un mot de passe
            et un code de vérification envoyé par e-mail.
          </li>
        </ul>
      </section>

      <section aria-labelledby="propriete">
        <h2 id="propriete">Propriété intellectuelle</h2>
        <p>
          L’ensemble des éléments du site et du service (textes, questionnaires dans leur mise en forme, logiciels,
          interfaces, graphismes, logos) est protégé par le droit de la propriété intellectuelle et reste la propriété
          de l’éditeur ou de ses concédants. Toute reproduction, représentation, adaptation ou extraction, totale ou
          partielle, sans autorisation écrite préalable de l’éditeur est interdite, sauf dans les limites prévues par le
          code de la propriété intellectuelle.
        </p>
        <p>
          Les contenus publics cités dans les bilans (recommandations de la Haute Autorité de santé, de Santé publique
          France ou d’autres organismes) restent la propriété de leurs auteurs et sont cités avec leur source.
        </p>
      </section>

      <section aria-labelledby="donnees">
        <h2 id="donnees">Données personnelles</h2>
        <p>
          Les données des patients sont traitées pour le compte de la pharmacie qui leur propose le questionnaire&nbsp;:
          la pharmacie est responsable du traitement, l’éditeur agit comme sous-traitant technique. Les données de santé
          sont hébergées en France chez un hébergeur certifié HDS.
        </p>
        <p>
          Le détail des données collectées, de leurs finalités, de leurs durées de conservation et de vos droits figure
          dans la <Link to="/politiqueConfidentialite">politique de confidentialité</Link>. Les cookies sont décrits
          dans sa <Link to="/politiqueConfidentialite#cookies">section consacrée aux cookies</Link>.
        </p>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies">Cookies</h2>
        <p>
          Le site n’utilise que des cookies et stockages locaux strictement nécessaires à son fonctionnement (maintien
          de la session d’un compte officine, déroulement du questionnaire). Ils sont exemptés de consentement. Aucun
          cookie de mesure d’audience, de publicité ou de réseau social n’est déposé.
        </p>
        <p>
          Le formulaire d’inscription du patient est protégé contre les robots par un service de vérification&nbsp;: par
          défaut, une preuve de travail calculée par le navigateur (ALTCHA), hébergée sur nos propres serveurs. Aucun
          tiers ne reçoit d’information sur le patient à cette occasion et aucun cookie n’est déposé pour cette
          vérification. Si un autre service de vérification devait être activé, ces mentions et la politique de
          confidentialité seraient mises à jour avant sa mise en service.
        </p>
      </section>

      <section aria-labelledby="responsabilite">
        <h2 id="responsabilite">Responsabilité</h2>
        <p>
          Les questionnaires et bilans produits par le service ont une valeur indicative&nbsp;: ils aident à préparer un
          entretien de prévention et ne constituent ni un diagnostic, ni une prescription, ni un dispositif médical. Ils
          ne remplacent pas une consultation avec un médecin ou un autre professionnel de santé. En cas d’urgence,
          appelez le 15 ou le 112.
        </p>
        <p>
          L’éditeur met en œuvre les moyens raisonnables pour assurer l’accès et le bon fonctionnement du service, sans
          pouvoir garantir une disponibilité sans interruption, notamment lors des opérations de maintenance. Il ne
          saurait être tenu responsable du contenu des sites tiers vers lesquels des liens pourraient renvoyer.
        </p>
      </section>

      <section aria-labelledby="droit">
        <h2 id="droit">Droit applicable</h2>
        <p>
          Les présentes mentions légales sont régies par le droit français. En cas de litige, et à défaut de résolution
          amiable, les tribunaux français sont seuls compétents, sous réserve des règles impératives applicables aux
          consommateurs.
        </p>
      </section>
    </LegalArticle>
  );
}
