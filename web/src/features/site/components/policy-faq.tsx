import type { AccordionItem } from '@/components/accordion';

/** The four questions of the FAQ, from the stated policies of spec 1 section 1. */
export const FAQ_ITEMS: readonly AccordionItem[] = [
  {
    question: 'Is the first session free?',
    answer: (
      <p>
        Yes. Once with each expert, you can book a free 30-minute introduction in the chat, on any of their offers, so you can check that they are the right fit
        before you pay for anything. Once booked it counts as used, even if it is cancelled later.
      </p>
    ),
  },
  {
    question: 'Can I reschedule a session?',
    answer: (
      <p>
        Yes. In the chat, either of you can propose a new time for a paid session, at least 24 hours ahead; it moves once the other accepts. You are never
        charged again.
      </p>
    ),
  },
  {
    question: 'What happens if I cancel at the last minute?',
    answer: (
      <p>
        Before you pay, cancelling is free. After paying, cancelling more than 12 hours before the session (for a project: before anything is delivered) is
        refunded in full to your card. Later, the expert decides within 48 hours how much is refunded; without a decision the refund is full. If the expert
        cancels, you are always refunded in full. If the expert does not join a call, report it from the call&apos;s room from 15 minutes after the start:
        unless they contest it within 48 hours, you are refunded in full. If something else goes wrong (work not as agreed), report a problem in the chat and
        our team decides.
      </p>
    ),
  },
  {
    question: 'How do I pay, and how do I know my booking is confirmed?',
    answer: <p>You pay online by card or another online payment method at checkout. A confirmation e-mail follows as soon as your booking is paid.</p>,
  },
];
