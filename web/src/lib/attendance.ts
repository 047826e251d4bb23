/** Who attended a room's call, and when (docs/rooms.md): on the room's page after the call, and in the conversation after the session. */
import type { AttendanceView, RoomView } from '@shared/schemas/rooms';

const time = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "You 10:01-10:58 · Claire 10:00-10:58": who was in the call, and when, in the viewer's time. */
export function attendanceText(room: Pick<RoomView, 'you' | 'other'>, attendance: AttendanceView[]): string {
  const named = [
    { userId: room.you._id, name: 'You' },
    { userId: room.other._id, name: room.other.firstName },
  ];
  const parts = named.map(({ userId, name }) => {
    const stays = attendance.find((entry) => entry.userId === userId)?.stays ?? [];
    return stays.length === 0 ? `${name} did not join` : `${name} ${stays.map((stay) => `${time(stay.from)}-${time(stay.to)}`).join(', ')}`;
  });
  return parts.join(' · ');
}
