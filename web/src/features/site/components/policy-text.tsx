import type { ReactNode } from 'react';

export type PolicyLanguage = 'fr' | 'en';

interface PolicySection {
  id: 'terms' | 'privacy' | 'legal';
  title: string;
  body: ReactNode;
}

const SUPPORT = 'support@mentorship.test';

/** Terms, privacy policy and legal notice; French is the reference version. */
export const POLICY: Record<PolicyLanguage, { heading: string; sections: PolicySection[] }> = {
  fr: {
    heading: 'Conditions, confidentialité et mentions légales',
    sections: [
      {
        id: 'terms',
        title: 'Conditions générales d’utilisation et règles de la communauté',
        body: (
          <>
            <p>
              Mentorship met en relation des étudiants, jeunes diplômés et personnes en reconversion avec des experts vérifiés en finance, droit, marketing et
              conseil. En créant un compte, vous acceptez les présentes conditions.
            </p>
            <ul>
              <li>La première séance de 30 minutes avec chaque expert est gratuite, une fois ; réservée, elle est considérée comme utilisée même annulée.</li>
              <li>Une séance payée peut être déplacée à au moins 24 heures à l’avance si l’autre partie l’accepte, sans nouveau paiement.</li>
              <li>
                L’annulation avant paiement est gratuite. Après paiement, une annulation plus de 12 heures avant la séance (pour un projet : avant toute
                livraison) est remboursée intégralement par notre prestataire de paiement. Au-delà, l’expert décide sous 48 heures de la part remboursée, faute
                de quoi le remboursement est intégral ; le reste revient à l’expert. Un expert qui annule rembourse intégralement. Une commande payée jamais
                planifiée ni livrée sous 14 jours est remboursée automatiquement.
              </li>
              <li>
                Une séance est terminée quand l’étudiant confirme qu’elle a eu lieu, ou 48 heures après sa fin ; un travail livré est approuvé après 7 jours
                sans réponse. D’ici là, chacun peut signaler un problème, et notre équipe libère le paiement ou le rembourse en tout ou en partie.
              </li>
              <li>
                Si l’autre partie ne rejoint pas un appel, celle qui est dans la salle peut signaler son absence à partir de 15 minutes après le début, tant que
                l’autre ne s’est jamais connectée. La partie signalée absente peut le contester dans la conversation sous 48 heures, et notre équipe décide ;
                sinon, un expert absent rembourse intégralement, et une séance où l’étudiant est absent est considérée comme tenue.
              </li>
              <li>Le paiement s’effectue par carte ou par un autre moyen de paiement en ligne ; un e-mail de confirmation suit chaque réservation.</li>
              <li>Les offres des experts sont publiées après validation par notre équipe.</li>
              <li>Restez courtois, n’échangez pas de coordonnées pour contourner la plateforme et ne publiez aucun contenu illicite, trompeur ou offensant.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'privacy',
        title: 'Politique de confidentialité',
        body: (
          <>
            <p>
              Nous traitons vos données (identité, coordonnées, profil, messages, commandes) pour fournir le service, sécuriser votre compte et respecter nos
              obligations légales. Les paiements sont traités par notre prestataire de paiement ; nous ne conservons pas vos numéros de carte.
            </p>
            <p>
              Pour encaisser un paiement ou effectuer un remboursement, nous transmettons à notre prestataire de paiement le montant et la référence de la
              commande. Un remboursement, lorsque les conditions d’annulation en prévoient un, revient sur la carte qui a payé, et nous conservons la trace de
              chaque paiement et remboursement avec la commande. Les e-mails de commande (confirmations, reçus, rappels, remboursements) sont envoyés à
              l’adresse de votre compte.
            </p>
            <p>
              Les appels réservés ont lieu dans la salle de la séance, directement entre vos deux navigateurs : leur image, leur son et les écrans partagés ne
              passent pas par nos serveurs (au plus par un relais chiffré quand aucun chemin direct n’existe) et ne sont jamais enregistrés. Nous gardons avec
              la commande la présence de chacun, telle que son navigateur la signale (quand la connexion était établie et recevait l’image ou le son de
              l’autre), pour trancher une absence signalée.
            </p>
            <p>Durées de conservation :</p>
            <ul>
              <li>données de compte : 1 an après la dernière activité (une connexion, ou une session prolongée) ;</li>
              <li>données de contact (messages envoyés via le formulaire) : 6 mois, puis effacées automatiquement ;</li>
              <li>journaux techniques : 1 an, puis effacés automatiquement.</li>
            </ul>
            <p>
              Chaque jour, une tâche automatique applique ces durées. Elle vous prévient par e-mail, une seule fois, 30 jours avant la suppression d’un compte
              inactif ; une connexion d’ici là garde le compte. Passé ce délai, le compte est supprimé : vos nom, adresse, photo, mot de passe, profil et
              favoris sont effacés, vos offres sont retirées du catalogue et votre adresse peut servir à un nouveau compte. Les commandes, avis et messages dont
              les autres membres ont encore besoin restent, sous le nom « Former member ». Un compte n’est jamais supprimé tant que de l’argent vous est dû ou
              est dû par vous (un solde, une dette, une commande en cours, ou un paiement des 120 derniers jours encore contestable) : il est gardé jusqu’à ce
              que ce ne soit plus le cas. Les comptes des administrateurs ne sont pas concernés.
            </p>
            <p>
              Depuis votre profil (« Vos données »), vous pouvez télécharger toutes vos données au format JSON et supprimer vous-même votre compte, aux mêmes
              conditions.
            </p>
            <p>
              Vous disposez d’un droit d’accès, de rectification, d’effacement, d’opposition et de portabilité : écrivez à{' '}
              <a href={`mailto:${SUPPORT}`}>{SUPPORT}</a>. Vous pouvez saisir la CNIL. Nous n’utilisons que des cookies nécessaires au fonctionnement (session,
              choix de consentement).
            </p>
          </>
        ),
      },
      {
        id: 'legal',
        title: 'Mentions légales',
        body: (
          <p>
            Éditeur : Mentorship SAS, Paris, France. Directeur de la publication : le représentant légal de Mentorship SAS. Hébergement : Amazon Web Services
            EMEA SARL, Luxembourg. Contact : <a href={`mailto:${SUPPORT}`}>{SUPPORT}</a>.
          </p>
        ),
      },
    ],
  },
  en: {
    heading: 'Terms, privacy and legal notice',
    sections: [
      {
        id: 'terms',
        title: 'Terms of use and community rules',
        body: (
          <>
            <p>
              Mentorship connects students, graduates and career changers with verified experts in finance, law, marketing and consulting. By creating an
              account you accept these terms.
            </p>
            <ul>
              <li>The first 30-minute session with each expert is free, once; booked, it counts as used even if cancelled later.</li>
              <li>A paid session can be moved to a time at least 24 hours ahead when the other side agrees, never for a second payment.</li>
              <li>
                Cancelling before payment is free. After payment, a cancellation more than 12 hours before the session (a project: before any delivery) is
                refunded in full through our payment provider. Later, the expert decides the share refunded within 48 hours, or the refund is full; the rest is
                paid to the expert. An expert who cancels refunds in full. A paid order never scheduled or delivered within 14 days is refunded automatically.
              </li>
              <li>
                A session is complete when the student confirms it took place, or 48 hours after its end; delivered work is approved after 7 days without an
                answer. Until then either side can report a problem, and our team releases the payment or refunds it in full or in part.
              </li>
              <li>
                If the other side does not join a call, the one in the room can report their absence from 15 minutes after the start, as long as the other never
                connected. The side reported absent can contest it in the conversation within 48 hours, and our team decides; otherwise, an absent expert
                refunds in full, and a session the student missed counts as held.
              </li>
              <li>Payment is by card or other online methods; a confirmation e-mail follows every booking.</li>
              <li>Experts’ offers are published after our team approves them.</li>
              <li>Be courteous, do not exchange contact details to bypass the platform, and post nothing unlawful, misleading or offensive.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'privacy',
        title: 'Privacy policy',
        body: (
          <>
            <p>
              We process your data (identity, contact details, profile, messages, orders) to provide the service, keep your account secure and meet our legal
              obligations. Payments are handled by our payment provider; we never store card numbers.
            </p>
            <p>
              To take a payment or make a refund, we send our payment provider the order&apos;s amount and reference. A refund, when the cancellation terms give
              one, goes back to the card that paid, and we keep the record of every payment and refund with the order. Order e-mails (confirmations, receipts,
              reminders, refunds) go to the address of your account.
            </p>
            <p>
              Booked calls take place in the session&apos;s room, directly between your two browsers: their picture, sound and shared screens do not pass
              through our servers (at most through an encrypted relay when no direct path exists) and are never recorded. We keep with the order each
              side&apos;s attendance as their browser reports it (when the connection was established and receiving the other side&apos;s picture or sound), to
              decide a reported absence.
            </p>
            <p>Retention periods:</p>
            <ul>
              <li>account data: 1 year after your last activity (a sign-in, or a session kept alive);</li>
              <li>contact data (messages sent through the contact form): 6 months, then erased automatically;</li>
              <li>technical logs: 1 year, then erased automatically.</li>
            </ul>
            <p>
              Every day, an automatic job applies these periods. It warns you by e-mail, once, 30 days before an inactive account is deleted; signing in before
              then keeps the account. After that, the account is deleted: your name, address, photo, password, profile and favourites are erased, your offers
              leave the catalogue and your address can be used for a new account. Orders, reviews and messages that other members still need stay, under the
              name &quot;Former member&quot;. An account is never deleted while money is owed to or by you (a balance, a debt, an open order, or a payment of
              the last 120 days that can still be disputed): it is kept until that is no longer so. Administrators&apos; accounts are not concerned.
            </p>
            <p>From your profile (&quot;Your data&quot;), you can download all your data as JSON and delete your account yourself, on the same terms.</p>
            <p>
              You may access, correct, erase, object to and export your data: write to <a href={`mailto:${SUPPORT}`}>{SUPPORT}</a>. You may also complain to the
              CNIL. We only use cookies the service needs (session, consent choice).
            </p>
          </>
        ),
      },
      {
        id: 'legal',
        title: 'Legal notice',
        body: (
          <p>
            Publisher: Mentorship SAS, Paris, France. Publication director: the legal representative of Mentorship SAS. Hosting: Amazon Web Services EMEA SARL,
            Luxembourg. Contact: <a href={`mailto:${SUPPORT}`}>{SUPPORT}</a>.
          </p>
        ),
      },
    ],
  },
};
