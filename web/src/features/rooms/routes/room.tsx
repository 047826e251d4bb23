/**
 * /room/{orderId}: the room of a booked call (docs/rooms.md). Before it opens, when it opens with a
 * countdown by the app's clock, and a device check; once open, the check, then the call; after the
 * call, or once the room has closed, who attended and when.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { IceServersView, RoomView } from '@shared/schemas/rooms';
import { ROOMS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { ApiError, errorText } from '@/lib/api-client';
import { conversationLink } from '@/lib/conversation-links';
import { formatDateTimeWithZone } from '@/lib/format-date';
import { plural } from '@/lib/plural';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getRoom } from '@/api/rooms';
import { attendanceText } from '@/lib/attendance';
import { getIceServers } from '@/features/rooms/api/room';
import { CallView } from '@/features/rooms/components/call-view';
import { DeviceCheck, type JoinChoice } from '@/features/rooms/components/device-check';
import '@/features/rooms/rooms.css';

type Loaded = { room: RoomView; clockOffsetMs: number } | { problem: string } | { missing: true };

/** Until the room opens: "2 days and 13 hours" a day ahead or more, then "1:02:05", then "09:41". */
function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [days, hours, minutes, rest] = [Math.floor(seconds / 86_400), Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60];
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} and ${plural(hours, 'hour')}` : plural(days, 'day');
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

export default function RoomRoute() {
  useDocumentTitle('Session room');
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const relayOnly = search.get('transport') === 'relay';
  const [loaded, setLoaded] = useState<Loaded>();
  const [joined, setJoined] = useState<{ choice: JoinChoice; ice: IceServersView }>();
  const [left, setLeft] = useState(false);
  const [now, setNow] = useState(Date.now());
  const title = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      const room = await getRoom(orderId);
      setLoaded({ room, clockOffsetMs: Date.parse(room.now) - Date.now() });
    } catch (error) {
      setLoaded(error instanceof ApiError && error.status === 404 ? { missing: true } : { problem: errorText(error, MSG.roomLoadFailed) });
    }
  }, [orderId]);

  useEffect(() => {
    void load();
  }, [load]);

  const waiting = loaded && 'room' in loaded && loaded.room.phase === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const ticking = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(ticking);
  }, [waiting]);
  const opensInMs = loaded && 'room' in loaded ? Date.parse(loaded.room.opensAt) - (now + loaded.clockOffsetMs) : 0;
  useEffect(() => {
    if (waiting && opensInMs <= 0) void load();
  }, [waiting, opensInMs, load]);

  const closed = loaded !== undefined && 'room' in loaded && loaded.room.phase === 'closed';
  const view = joined ? 'call' : closed || left ? 'after' : 'check';
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    // The button that changed the view is gone with it, and on a phone the page stayed scrolled down
    // to it, below the other side's video: the title takes the focus and the page its top.
    title.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [view]);

  async function join(choice: JoinChoice) {
    try {
      setJoined({ choice, ice: await getIceServers(orderId) });
    } catch (error) {
      for (const track of choice.stream?.getTracks() ?? []) track.stop();
      setLoaded({ problem: errorText(error, MSG.roomLoadFailed) });
    }
  }

  function leave() {
    setJoined(undefined);
    setLeft(true);
    void load();
  }

  if (loaded === undefined) return <p role="status">Loading the room…</p>;
  if ('missing' in loaded) {
    return (
      <section className="page narrow">
        <h1>{MSG.roomNotFound}</h1>
        <p>
          This room does not exist, or it is not one of your sessions. <Link to="/messages">Back to your messages</Link>
        </p>
      </section>
    );
  }
  if ('problem' in loaded) {
    return (
      <section className="page narrow">
        <h1>Session room</h1>
        <p role="alert">{loaded.problem}</p>
      </section>
    );
  }

  const { room, clockOffsetMs } = loaded;
  const heading = `${room.audioOnly ? 'Phone call' : 'Video call'} with ${room.other.firstName} ${room.other.lastName}`.trim();
  return (
    <section className={joined ? 'page room-page in-call' : 'page room-page'} aria-labelledby="room-title">
      <h1 id="room-title" ref={title} tabIndex={-1}>
        {heading}
      </h1>
      <p className="lead">
        Order #{room.orderNumber}: {room.title}, {formatDateTimeWithZone(room.start)}
      </p>
      {joined ? (
        <CallView room={room} choice={joined.choice} ice={joined.ice} relayOnly={relayOnly} clockOffsetMs={clockOffsetMs} onLeave={leave} />
      ) : view === 'after' ? (
        <div className="room-after">
          <p>{room.phase === 'closed' ? 'This room has closed.' : 'You left the call.'}</p>
          <p>{attendanceText(room, room.attendance)}</p>
          <p>
            <Link to={conversationLink(room.orderId)}>Back to the conversation</Link>
          </p>
          {room.phase === 'open' && (
            <button type="button" className="btn btn-secondary" onClick={() => setLeft(false)}>
              Join again
            </button>
          )}
        </div>
      ) : (
        <>
          {room.phase === 'waiting' && (
            <p className="notice notice-info" role="timer" aria-live="off">
              The room opens {ROOMS.opensBeforeMinutes} minutes before the session: {formatDateTimeWithZone(room.opensAt)}, in {countdown(opensInMs)}.
            </p>
          )}
          <DeviceCheck audioOnly={room.audioOnly} canJoin={room.phase === 'open'} onJoin={(choice) => void join(choice)} />
        </>
      )}
    </section>
  );
}
