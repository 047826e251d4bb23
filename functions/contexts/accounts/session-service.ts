/** The session check of every signed-in request, whichever Lambda serves it. */
import type { Caller } from '../../platform/access-token';
import type { AccountRecord } from './account';
import { getAccount } from './repository';
import { mayAct } from './session';

/** The account of a caller who may act now (the HTTP layer's session check), else undefined. */
export async function accountOfOpenSession(caller: Caller): Promise<AccountRecord | undefined> {
  const account = await getAccount(caller.userId, { consistent: true });
  return mayAct(account, caller) ? account : undefined;
}
