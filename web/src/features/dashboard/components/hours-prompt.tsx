import { Link } from 'react-router-dom';
import { loadAvailability } from '@/api/availability';
import { useLoad } from '@/features/dashboard/components/use-load';

/**
 * Asks an expert who has not set hours to set them (docs/bookings.md): until they do, students
 * propose any time. Shown only once the answer says so; a failed load shows nothing, as the
 * dashboard stays useful without it and the Availability tab says what went wrong.
 */
export function HoursPrompt() {
  const { data } = useLoad(loadAvailability);
  if (data?.availability !== null) return null;
  return (
    <section className="dashboard-card dashboard-prompt" aria-labelledby="dashboard-hours-title">
      <h2 id="dashboard-hours-title">Set your hours</h2>
      <p>
        Once you set your weekly hours, students choose among the free times you offer. Until then, they propose a time, and you confirm it or suggest another.
      </p>
      <p>
        <Link className="btn btn-primary" to="/profile?tab=availability">
          Set your hours
        </Link>
      </p>
    </section>
  );
}
