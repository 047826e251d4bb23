import { useId, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

/** Disclosure list with one panel open at a time (WAI-ARIA accordion pattern). */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div className="accordion-item" key={item.question}>
            <Heading className="accordion-heading">
              <button
                type="button"
                id={`${baseId}-button-${index}`}
                aria-expanded={expanded}
                aria-controls={`${baseId}-panel-${index}`}
                disabled={!hydrated}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <span className="accordion-icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </Heading>
            <section id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-button-${index}`} className="accordion-panel" hidden={!expanded}>
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
