import { Link } from 'react-router-dom';
import { Accordion } from '../../../components/accordion';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { HeroSearch } from '../components/hero-search';
import { FAQ_ITEMS } from '../components/policy-faq';
import '../site.css';

const AREAS = [
  { name: 'Finance', text: 'Financial modelling, valuation, interviews in banking and asset management.' },
  { name: 'Law', text: 'Employment contracts, company law, preparing for the bar and legal careers.' },
  { name: 'Marketing', text: 'Growth, brand strategy, campaign plans and portfolio reviews.' },
  { name: 'Consulting', text: 'Case interviews, structured problem solving and HR consulting.' },
];

const STEPS = [
  { title: 'Find your expert', text: 'Search by skill or field and compare verified profiles, reviews and offers.' },
  { title: 'Talk it through', text: 'Message the expert, agree on what you need and when. Your first 30 minutes are free.' },
  { title: 'Book and pay safely', text: 'Pay online by card; the expert is paid once you approve the work.' },
];

export default function HomeRoute() {
  useDocumentTitle('');
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <h1 id="hero-title">Learn from verified industry experts</h1>
          <p className="hero-lead">Book one-to-one sessions with professionals in finance, law, marketing and consulting. Your first 30-minute session is free.</p>
          <HeroSearch />
        </div>
      </section>

      <section className="section" aria-labelledby="areas-title">
        <h2 id="areas-title">Experts in four fields</h2>
        <ul className="card-grid">
          {AREAS.map((area) => (
            <li key={area.name} className="card area-card">
              <h3>
                <Link to={`/experts?q=${encodeURIComponent(area.name)}`}>{area.name}</Link>
              </h3>
              <p>{area.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Catalogue issue: the live search dropdown and the 'Experts Available Now' slider go here. */}
      <section className="section experts-now" aria-labelledby="experts-now-title">
        <h2 id="experts-now-title">Experts Available Now</h2>
        <p>Browse mentors who are ready to help this week, sorted by the newest profiles.</p>
        <Link className="btn btn-secondary" to="/experts">
          Explore More
        </Link>
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="card-grid steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section promo" aria-labelledby="mentor-title">
        <div>
          <h2 id="mentor-title">Share your expertise, get paid for it</h2>
          <p>Publish offers, set your price, chat with students and withdraw your earnings whenever you like.</p>
        </div>
        <Link className="btn btn-light" to="/register">
          Become a mentor
        </Link>
      </section>

      <section className="section narrow" aria-labelledby="home-faq-title">
        <h2 id="home-faq-title">Frequently asked questions</h2>
        <Accordion items={FAQ_ITEMS} />
        <p className="faq-more">
          Still have a question? <Link to="/contact-us">Contact us</Link>
        </p>
      </section>
    </div>
  );
}
