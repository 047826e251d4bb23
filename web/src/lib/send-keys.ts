/**
 * The Idempotency-Key of each text or form being sent (decisions 286 and 308): one sent again after
 * its send failed keeps its key, so that the server stores it once if the first send landed after
 * all; once sent, the same text again is a new message (a new withdrawal, a new offer) with a key of
 * its own.
 */
export function createSendKeys() {
  const keys = new Map<string, string>();
  return {
    keyFor(content: string): string {
      const key = keys.get(content) ?? crypto.randomUUID();
      keys.set(content, key);
      return key;
    },
    sent(content: string): void {
      keys.delete(content);
    },
  };
}
