/** The expert directory, read from the search index. No AWS calls here: storage is the repository. */
import type { ExpertCard, ExpertDirectoryQuery, Page } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import type { AccountRecord } from '../accounts/account';
import { searchIndex } from './search-service';
import { isListedExpert, toExpertCard } from './expert';
import * as accounts from '../accounts/service';

/**
 * One page of the directory: ids from the index, the cards read in one batch. A visitor's query
 * matches names as visitors see them (a last name by its initial only); a member's, whole names.
 */
export async function directory(query: ExpertDirectoryQuery, caller: Caller | undefined): Promise<Page<ExpertCard>> {
  const { ids, total } = (await searchIndex()).experts({ ...query, audience: caller ? 'member' : 'visitor' });
  const users = ids.length > 0 ? await accounts.getAccounts(ids) : new Map<string, AccountRecord>();
  const items = ids.flatMap((id) => {
    const user = users.get(id);
    return isListedExpert(user) ? [toExpertCard(user, caller)] : [];
  });
  return { items, total };
}
