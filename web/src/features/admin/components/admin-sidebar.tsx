import { NavLink } from 'react-router-dom';

const LINKS = [
  { to: '/admin', label: 'Home' },
  { to: '/admin/stats', label: 'Statistics' },
  { to: '/admin/offers', label: 'Offers' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/problems', label: 'Reported orders' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/create-user', label: 'Add User' },
  { to: '/admin/withdraw', label: 'Withdrawals' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/security', label: 'Security' },
];

export function AdminSidebar() {
  return (
    <nav className="admin-sidebar" aria-label="Admin">
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === '/admin'}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
