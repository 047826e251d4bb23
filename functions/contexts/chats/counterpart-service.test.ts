import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlacesPage } from './counterpart-repository';

/** Each member's places, as pages: whether a page names the other member. */
const pagesOf = new Map<string, boolean[]>();
const reads: string[] = [];
vi.mock('./counterpart-repository', () => ({
  async placesWithPage(userId: string, _other: string, start?: Record<string, unknown>): Promise<PlacesPage> {
    const at = (start?.at as number | undefined) ?? 0;
    reads.push(`${userId}:${at}`);
    const pages = pagesOf.get(userId) ?? [false];
    return { found: pages[at] ?? false, ...(at + 1 < pages.length && { next: { at: at + 1 } }) };
  },
}));
const { sharesConversation } = await import('./counterpart-service');

beforeEach(() => {
  pagesOf.clear();
  reads.length = 0;
});

describe('sharesConversation', () => {
  it('is true as soon as either member’s places name the other', async () => {
    pagesOf.set('busy', [false, false, false, true]);
    pagesOf.set('quiet', [false, true]);
    expect(await sharesConversation('busy', 'quiet')).toBe(true);
    expect(reads).toEqual(['busy:0', 'quiet:0', 'busy:1', 'quiet:1']);
  });

  it('stops at the end of the member with fewer places: an unknown id costs one empty page each', async () => {
    pagesOf.set(
      'busy',
      Array.from({ length: 50 }, () => false),
    );
    expect(await sharesConversation('busy', 'unknown')).toBe(false);
    expect(reads).toEqual(['busy:0', 'unknown:0']);
  });

  it('is false for oneself, without a read', async () => {
    expect(await sharesConversation('me', 'me')).toBe(false);
    expect(reads).toEqual([]);
  });
});
