/**
 * The demo conversations, so that a fresh `npm start` shows a lived-in marketplace: Alice talks with
 * seven demo experts, and each conversation's order has come to another point of its life, from a
 * proposed session to a reviewed project and a refunded cancellation. Data only: demo-orders.ts
 * writes them through the services. No handler imports here.
 */

/** A message of the student (s) or of the expert (e). */
export type DemoMessage = ['s' | 'e', string];

/** A session this many days from the first start, at this hour (UTC, on the hour). */
export interface DemoSessionTime {
  daysAhead: number;
  hourUtc: number;
}

/** A PDF the expert delivers: its file name, title and paragraphs. */
export interface DemoDocument {
  fileName: string;
  title: string;
  paragraphs: string[];
}

/** A move of the conversation's order, by the side that makes it in the product. */
export type DemoMove =
  /** The student proposes a call: hours for an hourly one, none for a fixed-price one (its offer's length). */
  | ({ move: 'schedule'; hours?: number } & DemoSessionTime)
  /** The student books the free 30-minute introduction. */
  | ({ move: 'bookIntro' } & DemoSessionTime)
  /** The expert confirms the proposed time. */
  | { move: 'confirm' }
  /** The student pays on the local Stripe's checkout page: for hours of work, the hours they buy. */
  | { move: 'pay'; hours?: number }
  | { move: 'deliver'; file: DemoDocument }
  | { move: 'requestRevision' }
  | { move: 'approve' }
  | { move: 'review'; rating: 3 | 4 | 5; comment: string }
  /** The student cancels, more than 12 hours before the session: refunded in full. */
  | { move: 'cancel' }
  /** The student reads the conversation to its end. */
  | { move: 'read' };

export type DemoTurn = DemoMessage | DemoMove;

export interface DemoConversation {
  student: string;
  expert: string;
  /** The expert's offer the conversation is about, by title. */
  offerTitle: string;
  /** What happens, in order; it opens with the student's message. */
  turns: [['s', string], ...DemoTurn[]];
}

export const isMessage = (turn: DemoTurn): turn is DemoMessage => Array.isArray(turn);

/** Oldest first: the chat list shows the last one on top. */
export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    student: 'alice.student@demo.test',
    expert: 'emma.wilson@demo.test',
    offerTitle: 'Growth marketing plan review',
    turns: [
      ['s', 'Hello Emma, I wrote a growth plan for our student podcast. Would you review it before we show it to our sponsors?'],
      ['e', 'Hi Alice! Gladly. Book the review and send me the plan: you will have written notes within three days.'],
      { move: 'pay' },
      ['s', 'Booked! I have sent you the plan by email.'],
      {
        move: 'deliver',
        file: {
          fileName: 'growth-plan-review.pdf',
          title: 'Growth marketing plan review',
          paragraphs: [
            'Prepared for Alice Martin by Emma Wilson.',
            'Audience: the plan speaks to every student at once. Pick one audience for the first semester, first-year students, and write every message for them.',
            'Channels: drop the paid social budget for now. Two short clips a week on the channels your audience already uses will reach more people for free.',
            'Measures: track listeners per episode and sign-ups after each episode rather than followers, and review them every two weeks.',
            'Sponsors: open with the audience you already have and the one number that grew fastest.',
          ],
        },
      },
      ['e', 'Here are my notes. The plan is solid; the main change is to choose one audience first.'],
      { move: 'approve' },
      {
        move: 'review',
        rating: 5,
        comment: 'Clear, concrete notes on our audience and channels. We rewrote the plan in an evening and our first sponsor signed on.',
      },
      ['s', 'Approved and reviewed. Thank you Emma!'],
      { move: 'read' },
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'lucas.bernard@demo.test',
    offerTitle: 'Shareholder agreement walkthrough',
    turns: [
      ['s', 'Hello Lucas, my two co-founders and I have to sign a shareholder agreement. Could you walk us through it in an hour?'],
      ['e', 'Hello Alice, one hour covers the main clauses: vesting, leaver terms and drag-along. Propose a time that suits the three of you.'],
      { move: 'schedule', daysAhead: 5, hourUtc: 15, hours: 1 },
      { move: 'confirm' },
      { move: 'pay' },
      ['s', 'Sorry Lucas, the lawyer of our incubator will go through it with us after all, so I am cancelling.'],
      { move: 'cancel' },
      ['e', 'No problem at all, your payment is refunded in full. Good luck with the launch!'],
      { move: 'read' },
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'omar.haddad@demo.test',
    offerTitle: 'Review of your Excel dashboard',
    turns: [
      ['s', 'Hi Omar, could you review the Excel dashboard I built for my internship application? It tracks the sales and cash of a small company.'],
      ['e', 'Hi Alice, happily. Book the review and share the file: you will get written feedback within two days.'],
      { move: 'pay' },
      {
        move: 'deliver',
        file: {
          fileName: 'excel-dashboard-review.pdf',
          title: 'Excel dashboard review',
          paragraphs: [
            'Prepared for Alice Martin by Omar Haddad.',
            'Structure: keep the raw data, the calculations and the dashboard on separate sheets, and turn the sales data into a table so that new months flow into every chart.',
            'Formulas: replace the nested IFs of the margin column with one lookup table. It is easier to check and to change.',
            'Charts: one message per chart. The monthly sales chart should start at zero and show the target as a line.',
          ],
        },
      },
      ['e', 'Feedback delivered: mostly on the structure and the charts.'],
      { move: 'requestRevision' },
      ['s', 'Thank you Omar! Could you also look at the cash-flow sheet? Your notes do not mention it, and it is the part I am least sure of.'],
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'sophie.laurent@demo.test',
    offerTitle: 'Employment contract review',
    turns: [
      ['s', 'Hello Sophie, two clauses of my first employment contract worry me: the non-compete and the trial period. Could you review it?'],
      ['e', 'Hello Alice, of course. Book the review and send me the contract: you will have it back annotated within two days.'],
      { move: 'pay' },
      {
        move: 'deliver',
        file: {
          fileName: 'contract-review.pdf',
          title: 'Employment contract review',
          paragraphs: [
            'Prepared for Alice Martin by Sophie Laurent.',
            'Trial period: two months, renewable once with your written agreement. This is within the legal limits for your position.',
            'Non-compete: as written it covers all of France for two years without any payment in return, which makes it unenforceable. Ask for it to be limited to your sector and to twelve months, and to be paid, or to be removed.',
            'Working time: the contract says "flexible hours" without a number of days worked per year. Ask for the figure in writing.',
            'Everything else (salary, notice, paid leave) is standard.',
          ],
        },
      },
      ['e', 'Here is your annotated contract: the non-compete clause is the one to negotiate, the rest is standard. Approve it if all is clear.'],
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'nadia.benali@demo.test',
    offerTitle: 'Salary negotiation call',
    turns: [
      ['s', 'Hi Nadia, I have a job offer and would like to negotiate the salary. Could we start with the free introduction?'],
      ['e', 'Hi Alice, with pleasure. Propose a time for the 30-minute introduction and bring the offer letter.'],
      { move: 'bookIntro', daysAhead: 2, hourUtc: 16 },
      { move: 'confirm' },
      ['e', 'Confirmed, talk to you then!'],
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'claire.dubois@demo.test',
    offerTitle: 'Financial modelling from scratch',
    turns: [
      ['s', 'Hello Claire! I start an analyst internship in January and I have never built a full model. Is two hours enough for the basics?'],
      ['e', 'Hi Alice, two hours gets you a clean three-statement model. Bring a company you like and we will use its last annual report.'],
      ['s', 'Great, I will bring Danone. Could we do it next week?'],
      { move: 'schedule', daysAhead: 7, hourUtc: 9, hours: 2 },
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'ines.moreau@demo.test',
    offerTitle: 'Brand guidelines written for you',
    turns: [
      ['s', 'Hello Ines, our student podcast needs brand guidelines that the whole team can follow. How long would that take you?'],
      ['e', 'Hi Alice, for a podcast three hours is enough: the voice, the key messages and examples for your episodes and posts.'],
      { move: 'pay', hours: 3 },
      ['s', 'I have paid for the three hours. Our logo and last episodes are on our website.'],
      ['e', 'Thank you! You will have the guidelines within the week.'],
    ],
  },
  {
    student: 'alice.student@demo.test',
    expert: 'thomas.keller@demo.test',
    offerTitle: 'Mock case interview with feedback',
    turns: [
      ['s', 'Hi Thomas, I have a first-round interview at a strategy firm in three weeks. Do you also give feedback on market sizing?'],
      ['e', 'Hello Alice! Yes, the mock case includes a market sizing, and you get written feedback afterwards.'],
      { move: 'schedule', daysAhead: 10, hourUtc: 14 },
      { move: 'confirm' },
      { move: 'pay' },
      ['s', 'Perfect, I have just booked it.'],
    ],
  },
];
