import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The page behind links to features of later releases: honest, with a way back. */
export function ComingSoon({ title, home = '/' }: { title: string; home?: string }) {
  useDocumentTitle(title);
  return (
    <section className="page narrow coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" tabIndex={-1}>
        {title}
      </h1>
      <p>This part of the platform is coming soon. We are building it right now.</p>
      <p>
        <Link className="btn btn-primary" to={home}>
          Back to home
        </Link>
      </p>
    </section>
  );
}
