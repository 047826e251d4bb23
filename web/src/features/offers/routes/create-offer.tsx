import { Link } from 'react-router-dom';
import { MSG } from '../../../../../shared/messages';
import { ComingSoon } from '../../../components/coming-soon';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Reachable by every signed-in user; only experts may create offers (spec 1 section 6). */
export default function CreateOfferRoute() {
  const { user } = useSession();
  useDocumentTitle('Create offer');
  if (user?.role !== 'professor') {
    return (
      <section className="page narrow" aria-labelledby="create-offer-title">
        <h1 id="create-offer-title">Create offer</h1>
        <p className="notice notice-error" role="alert">
          {MSG.onlyProfessorsCreateOffers}
        </p>
        <p>
          <Link to="/">Back to home</Link>
        </p>
      </section>
    );
  }
  return <ComingSoon title="Create offer" />;
}
