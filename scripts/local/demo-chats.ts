/**
 * Demo conversations, so that the messages page of a fresh `npm start` is not empty: Alice talks
 * with Claire and with Thomas about one of their offers. Written through the chats service, as the
 * API writes them (order numbers, unread counts, events), on the first start only.
 */
import type { Caller } from '../../functions/platform/access-token';

import * as accounts from '../../functions/contexts/accounts/service';
import { myOffers } from '../../functions/contexts/catalogue/offer-service';
import * as chats from '../../functions/contexts/chats/service';

interface DemoConversation {
  student: string;
  expert: string;
  /** The expert's offer the conversation is about, by title. */
  offerTitle: string;
  /** Who says what, in order: s = the student, e = the expert. */
  lines: ['s' | 'e', string][];
}

export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    student: 'alice.student@demo.test',
    expert: 'claire.dubois@demo.test',
    offerTitle: 'Financial modelling from scratch',
    lines: [
      ['s', 'Hello Claire! I start an analyst internship in January and I have never built a full model. Is two hours enough for the basics?'],
      ['e', 'Hi Alice, two hours gets you a clean three-statement model. Bring a company you like and we will use its last annual report.'],
      ['s', 'Great, I will bring Danone. Could we do it next week?'],
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'thomas.keller@demo.test',
    offerTitle: 'Mock case interview with feedback',
    lines: [
      ['s', 'Hi Thomas, I have a first-round interview at a strategy firm in three weeks. Do you also give feedback on market sizing?'],
      ['e', 'Hello Alice! Yes, the mock case includes a market sizing, and you get written feedback afterwards.'],
    ],
  },
];

const callerOf = (userId: string, role: Caller['role']): Caller => ({ userId, role, sessionId: 'demo-seed', kind: 'user' });

export async function seedDemoConversations(conversations: DemoConversation[] = DEMO_CONVERSATIONS): Promise<void> {
  for (const { student, expert, offerTitle, lines } of conversations) {
    const [studentId, expertId] = await Promise.all([accounts.findAccountIdByEmail(student), accounts.findAccountIdByEmail(expert)]);
    if (!studentId || !expertId) continue;
    const [studentAccount, expertAccount, offers] = await Promise.all([
      accounts.getAccount(studentId),
      accounts.getAccount(expertId),
      myOffers(callerOf(expertId, 'professor')),
    ]);
    const offer = offers.find((candidate) => candidate.title === offerTitle && candidate.status === 'approved');
    if (!studentAccount || !expertAccount || !offer) continue;
    const [[, first], ...rest] = lines;
    const opened = await chats.createChat(callerOf(studentId, 'user'), studentAccount, offer._id, first);
    for (const [speaker, text] of rest) {
      const [caller, account] = speaker === 's' ? [callerOf(studentId, 'user'), studentAccount] : [callerOf(expertId, 'professor'), expertAccount];
      await chats.sendMessage(caller, account, opened.chat._id, text);
    }
  }
}
