import { describe, expect, it } from 'vitest';
import { type MemberRecord, readingUpTo } from './chat';

/** A member's place whose messages are m1 < m2 < m3 (ids sort by time). */
const place = (fields: Partial<MemberRecord>): MemberRecord => ({
  userId: 'reader',
  chatId: 'c1',
  otherUserId: 'writer',
  unreadCount: 0,
  lastActivityAt: '2026-12-01T10:00:00.000Z',
  ...fields,
});

describe('how far a mark-read reaches (decision 318)', () => {
  it('reads up to the last message when the screen shows it, shows a newer one, or says nothing', () => {
    const unread = place({ unreadCount: 2, readUpTo: 'm1', lastMessageId: 'm3' });
    expect(readingUpTo(unread, 'm3')).toEqual({ upTo: 'm3', partial: false });
    expect(readingUpTo(unread, 'm4')).toEqual({ upTo: 'm3', partial: false });
    expect(readingUpTo(unread)).toEqual({ upTo: 'm3', partial: false });
  });

  it('reads up to the message shown when newer ones came, and they stay unread', () => {
    expect(readingUpTo(place({ unreadCount: 2, readUpTo: 'm1', lastMessageId: 'm3' }), 'm2')).toEqual({ upTo: 'm2', partial: true });
    expect(readingUpTo(place({ unreadCount: 3, lastMessageId: 'm3' }), 'm1')).toEqual({ upTo: 'm1', partial: true });
  });

  it('marks nothing that is read already, nor back before what was read', () => {
    expect(readingUpTo(place({ readUpTo: 'm3', lastMessageId: 'm3' }), 'm3')).toBeUndefined();
    expect(readingUpTo(place({ unreadCount: 1, readUpTo: 'm2', lastMessageId: 'm3' }), 'm2')).toBeUndefined();
    expect(readingUpTo(place({ unreadCount: 1, readUpTo: 'm2', lastMessageId: 'm3' }), 'm1')).toBeUndefined();
    expect(readingUpTo(place({}), 'm1')).toBeUndefined();
  });

  it('moves the mark to one’s own last message, which is never unread', () => {
    expect(readingUpTo(place({ readUpTo: 'm1', lastMessageId: 'm2' }))).toEqual({ upTo: 'm2', partial: false });
  });
});
