import { Link } from 'react-router-dom';
import { Accordion } from '@/components/accordion';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FAQ_ITEMS } from '@/features/site/components/policy-faq';
import '@/features/site/site.css';

export default function FaqRoute() {
  useDocumentTitle('FAQ');
  return (
    <section className="page narrow" aria-labelledby="faq-title">
      <h1 id="faq-title">Frequently asked questions</h1>
      <Accordion items={FAQ_ITEMS} headingLevel={2} />
      <p className="faq-more">
        Another question? <Link to="/contact-us">Contact us</Link>.
      </p>
    </section>
  );
}
