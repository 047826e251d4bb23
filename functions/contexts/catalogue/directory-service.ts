/** The expert directory, read from the search index: its cards too, so a page reads no table (decision 288). */
import type { ExpertCard, ExpertDirectoryQuery, Page } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { searchIndex } from './search-service';
import { expertCardFor } from './expert';

/**
 * One page of the directory, cards and all, from the index. A visitor's query matches names as
 * visitors see them (a last name by its initial only), and a visitor's cards show them so; a
 * member's, whole names.
 */
export async function directory(query: ExpertDirectoryQuery, caller: Caller | undefined): Promise<Page<ExpertCard>> {
  const { cards, total } = (await searchIndex()).experts({ ...query, audience: caller ? 'member' : 'visitor' });
  return { items: cards.map((card) => expertCardFor(card, caller)), total };
}
