import { describe, expect, it } from 'vitest';
import { isTimeZone, timeZone } from './bookings';

describe('time zones', () => {
  it('knows the runtime’s IANA zones and UTC, asked once or again', () => {
    for (const round of [1, 2]) {
      expect(isTimeZone('Europe/Paris'), `round ${round}`).toBe(true);
      expect(isTimeZone('America/Argentina/Buenos_Aires'), `round ${round}`).toBe(true);
      expect(isTimeZone('UTC'), `round ${round}`).toBe(true);
    }
  });

  it('refuses a zone the runtime does not know, an empty one and an over-long one, however often asked', () => {
    for (const round of [1, 2]) {
      expect(isTimeZone('Mars/Olympus_Mons'), `round ${round}`).toBe(false);
      expect(isTimeZone(''), `round ${round}`).toBe(false);
      expect(isTimeZone(`Europe/${'x'.repeat(64)}`), `round ${round}`).toBe(false);
    }
    expect(timeZone.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(timeZone.safeParse('Asia/Tokyo').success).toBe(true);
  });
});
