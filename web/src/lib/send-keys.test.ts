import { describe, expect, it } from 'vitest';
import { createSendKeys } from './send-keys';

describe('the keys of texts being sent', () => {
  it('keeps a text’s key until it is sent, then gives the same text a new one; other texts have their own', () => {
    const keys = createSendKeys();
    const first = keys.keyFor('See you at ten');
    expect(keys.keyFor('See you at ten')).toBe(first);
    expect(keys.keyFor('Thanks')).not.toBe(first);
    keys.sent('See you at ten');
    expect(keys.keyFor('See you at ten')).not.toBe(first);
  });
});
