/**
 * The scheduled search-index rebuild: builds the catalogue's index from the table and stores the
 * snapshot every catalogue Lambda loads at cold start (they replay the change log from there). On
 * AWS an EventBridge schedule runs it; the local stack runs it after seeding and on the same period.
 */
import { writeSearchSnapshot } from '../../contexts/catalogue/search-service';
import { logger } from '../../platform/logger';

export async function handler(): Promise<{ experts: number; bytes: number }> {
  const started = Date.now();
  const written = await writeSearchSnapshot();
  logger.info('Search snapshot written', { ...written, ms: Date.now() - started });
  return written;
}
