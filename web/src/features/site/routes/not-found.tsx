import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <section className="page narrow not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or is not available to your account.</p>
      <p>
        <Link className="btn btn-primary" to="/">
          Back to home
        </Link>
      </p>
    </section>
  );
}

export default NotFoundRoute;
