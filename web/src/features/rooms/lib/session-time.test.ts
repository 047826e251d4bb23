import { describe, expect, it } from 'vitest';
import { sessionTimeText } from './session-time';

const start = Date.parse('2026-12-07T10:00:00Z');
const minutes = (count: number) => count * 60_000;

describe('the line of time under a call', () => {
  it('counts down to the start while the room is open early, not the session’s whole length', () => {
    expect(sessionTimeText(start, start + minutes(30), start - minutes(4))).toBe('Starts in 4 min');
    expect(sessionTimeText(start, start + minutes(30), start - minutes(3.5))).toBe('Starts in 4 min');
  });

  it('gives the time left from the start to the end, in hours and minutes past an hour', () => {
    expect(sessionTimeText(start, start + minutes(30), start)).toBe('30 min left');
    expect(sessionTimeText(start, start + minutes(120), start + minutes(55))).toBe('1 h 5 min left');
    expect(sessionTimeText(start, start + minutes(30), start + minutes(29.5))).toBe('1 min left');
  });

  it('says the time is over once the end has passed, while the room stays open', () => {
    expect(sessionTimeText(start, start + minutes(30), start + minutes(30))).toBe('The session’s time is over');
    expect(sessionTimeText(start, start + minutes(30), start + minutes(45))).toBe('The session’s time is over');
  });
});
