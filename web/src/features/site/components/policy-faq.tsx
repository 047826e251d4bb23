import type { AccordionItem } from '@/components/accordion';

/** The four questions of the FAQ, from the stated policies of spec 1 section 1. */
export const FAQ_ITEMS: readonly AccordionItem[] = [
  {
    question: 'Is the first session free?',
    answer: <p>Yes. Your first 30-minute session with an expert is free, so you can check that they are the right fit before you pay for anything.</p>,
  },
  {
    question: 'Can I reschedule a session?',
    answer: <p>Yes. Agree on a new time with your expert in the chat, ideally at least 24 hours before the session, so that they can plan around it.</p>,
  },
  {
    question: 'What happens if I cancel at the last minute?',
    answer: (
      <p>
        A cancellation less than 12 hours before the session may be refused, or refunded only in part, at the expert’s discretion. The platform itself does not
        process refunds: you settle them directly with your mentor.
      </p>
    ),
  },
  {
    question: 'How do I pay, and how do I know my booking is confirmed?',
    answer: <p>You pay online by card or another online payment method at checkout. A confirmation e-mail follows as soon as your booking is paid.</p>,
  },
];
