import { describe, expect, it } from 'vitest';
import { canMove, type DataExportRecord, exportFileKey, isStale, isStillKept } from './data-export';

const building: DataExportRecord = { userId: 'u1', requestId: 'r1', status: 'building', requestedAt: '2026-01-01T00:00:00.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('a data export request', () => {
  it('is asked for when none is building, and ends ready or failed from building only', () => {
    for (const from of ['none', 'ready', 'failed'] as const) expect(canMove(from, 'building')).toBe(true);
    expect(canMove('building', 'building')).toBe(false);
    expect(canMove('building', 'ready')).toBe(true);
    expect(canMove('building', 'failed')).toBe(true);
    for (const from of ['none', 'ready', 'failed'] as const) {
      expect(canMove(from, 'ready')).toBe(false);
      expect(canMove(from, 'failed')).toBe(false);
    }
  });

  it('has lost its build once it has been building for the stale time', () => {
    expect(isStale(building, at('2026-01-01T00:29:59.000Z'), 30 * 60)).toBe(false);
    expect(isStale(building, at('2026-01-01T00:30:00.000Z'), 30 * 60)).toBe(true);
    expect(isStale({ ...building, status: 'ready' }, at('2026-01-02T00:00:00.000Z'), 30 * 60)).toBe(false);
  });

  it('is downloadable for a day after it was built, from a file of its own', () => {
    const ready: DataExportRecord = { ...building, status: 'ready', builtAt: '2026-01-01T00:01:00.000Z', fileKey: exportFileKey('u1', 'r1') };
    expect(ready.fileKey).toBe('exports/u1/r1.json');
    expect(isStillKept(ready, at('2026-01-02T00:00:59.000Z'))).toBe(true);
    expect(isStillKept(ready, at('2026-01-02T00:01:00.000Z'))).toBe(false);
    expect(isStillKept(building, at('2026-01-01T00:01:00.000Z'))).toBe(false);
  });
});
