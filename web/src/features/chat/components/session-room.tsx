/**
 * A booked call's room in its conversation (docs/rooms.md): the way in while the room has not
 * closed, and, once the session is over, who attended and when. The room's answer, with the app's
 * clock, says which; an order without a room shows neither.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { roomPath } from '@shared/app-paths';
import { roomWindow } from '@shared/order-transitions';
import type { ChatDto } from '@shared/schemas/chats';
import type { RoomView } from '@shared/schemas/rooms';
import { getRoom } from '@/api/rooms';
import { attendanceText } from '@/lib/attendance';
import { factsOf } from '@/features/chat/lib/order-status';

export function SessionRoom({ chat }: { chat: ChatDto }) {
  const hasRoom = roomWindow(factsOf(chat)) !== undefined;
  const [room, setRoom] = useState<RoomView>();
  useEffect(() => {
    setRoom(undefined);
    if (!hasRoom) return;
    let current = true;
    getRoom(chat._id).then(
      (answer) => current && setRoom(answer),
      // No room to show (the order moved on): the conversation says the rest.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [chat._id, hasRoom]);

  if (!hasRoom || !room) return null;
  const over = Date.parse(room.now) >= Date.parse(room.end);
  return (
    <>
      {room.phase !== 'closed' && (
        <>
          <dt>Room</dt>
          <dd>
            <Link to={roomPath(chat._id)}>{room.phase === 'open' ? 'Join the call' : 'The call’s room'}</Link>
          </dd>
        </>
      )}
      {over && (
        <>
          <dt>Attended</dt>
          <dd>{attendanceText(room, room.attendance)}</dd>
        </>
      )}
    </>
  );
}
