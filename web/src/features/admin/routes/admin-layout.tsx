import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { LogoutButton } from '@/components/layout/logout-button';
import { AdminSidebar } from '@/features/admin/components/admin-sidebar';
import '@/features/admin/admin.css';
import { BrandLink } from '@/components/layout/brand-link';
import { StepUpProvider } from '@/features/admin/components/step-up';

/** The admin area's own frame: a header with only Logout, and the sidebar; its decisions that move money ask for a fresh code (step-up). */
export default function AdminLayout() {
  const mainRef = useRef<HTMLElement>(null);
  return (
    <StepUpProvider restoreFocusTo={mainRef}>
      <div className="admin-shell">
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <header className="admin-header">
          <BrandLink to="/admin" label="Mentorship admin" />
          <LogoutButton className="btn btn-secondary btn-small" redirectTo="/admin/login" />
        </header>
        <div className="admin-body">
          <AdminSidebar />
          <main id="main" ref={mainRef} tabIndex={-1} className="admin-main">
            <Outlet />
          </main>
        </div>
      </div>
    </StepUpProvider>
  );
}
