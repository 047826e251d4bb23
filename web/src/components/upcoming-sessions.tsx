/**
 * A member's upcoming sessions (the student's home, the expert's dashboard): each with its time in
 * the viewer's zone, the other person, its conversation (to write, move or cancel it: an order's
 * id is its conversation's), and a Join button once its room is open, by the app's clock.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { roomPath } from '@shared/app-paths';
import type { UpcomingRoomsView } from '@shared/schemas/rooms';
import { upcomingRooms } from '@/api/rooms';
import { conversationLink } from '@/lib/conversation-links';
import { formatDateTimeWithZone } from '@/lib/format-date';
import '@/components/upcoming-sessions.css';

/** How often the list looks again whether a room has opened. */
const TICK_MS = 30_000;

export function UpcomingSessions() {
  const [loaded, setLoaded] = useState<{ view: UpcomingRoomsView; clockOffsetMs: number } | 'failed'>();
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    let shown = true;
    upcomingRooms().then(
      (view) => shown && setLoaded({ view, clockOffsetMs: Date.parse(view.now) - Date.now() }),
      () => shown && setLoaded('failed'),
    );
    const ticking = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      shown = false;
      clearInterval(ticking);
    };
  }, []);

  if (loaded === undefined || loaded === 'failed') return null;
  const appNow = now + loaded.clockOffsetMs;
  const sessions = loaded.view.sessions.filter((session) => Date.parse(session.closesAt) > appNow);
  return (
    <section className="card upcoming-sessions" aria-labelledby="upcoming-sessions-title">
      <h2 id="upcoming-sessions-title">Upcoming sessions</h2>
      {sessions.length === 0 ? (
        <p>No sessions booked.</p>
      ) : (
        <ul>
          {sessions.map((session) => (
            <li key={session.orderId}>
              <span>
                <strong>{formatDateTimeWithZone(session.start)}</strong> with {session.other.firstName} {session.other.lastName}:{' '}
                <Link to={conversationLink(session.orderId)}>{session.title}</Link>
              </span>
              {Date.parse(session.opensAt) <= appNow && (
                <Link
                  className="btn btn-primary btn-small"
                  to={roomPath(session.orderId)}
                  aria-label={`Join the call with ${session.other.firstName} ${session.other.lastName}`}
                >
                  Join
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
