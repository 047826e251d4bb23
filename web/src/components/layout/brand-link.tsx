import { Link } from 'react-router-dom';

/** The product's mark and name, linking home (or to the admin home). */
export function BrandLink({ to = '/', label = 'Mentorship' }: { to?: string; label?: string }) {
  return (
    <Link to={to} className="brand">
      <span className="brand-mark" aria-hidden="true">
        M
      </span>
      {label}
    </Link>
  );
}
