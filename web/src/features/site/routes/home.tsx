import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { ExpertCard } from '@shared/schemas/catalogue';
import { Accordion } from '@/components/accordion';
import { listExperts } from '@/api/experts';
import { notify } from '@/lib/toast';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ExpertsSlider } from '@/features/site/components/experts-slider';
import { HeroSearch } from '@/features/site/components/hero-search';
import { FAQ_ITEMS } from '@/features/site/components/policy-faq';
import '@/features/site/site.css';

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

const WorldMap = lazy(() => import('@/features/site/components/world-map'));
/** A signed-in student's sessions: loaded only for them, apart from the page's first bundle. */
const UpcomingSessions = lazy(() => import('@/components/upcoming-sessions').then((module) => ({ default: module.UpcomingSessions })));

/** The newest experts (page 1, limit 12): the slider shows 10, the map places all of them. */
function useNewestExperts(): ExpertCard[] | 'failed' | undefined {
  const [experts, setExperts] = useState<ExpertCard[] | 'failed'>();
  useEffect(() => {
    let active = true;
    listExperts({ page: 1, limit: CATALOGUE.sliderLoad, sort: 'new' }).then(
      (page) => active && setExperts(page.items),
      () => {
        if (!active) return;
        setExperts('failed');
        notify.error(MSG.fetchOffersFailed, { toastId: MSG.fetchOffersFailed });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return experts;
}

/** True once the element is near the viewport: the map's code and drawing wait until then. */
function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '300px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export default function HomeRoute() {
  useDocumentTitle('');
  const { account } = useSession();
  const experts = useNewestExperts();
  const [mapRef, mapNear] = useNearViewport<HTMLElement>();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <h1 id="hero-title">Learn from verified industry experts</h1>
          <p className="hero-lead">
            Book one-to-one sessions with professionals in finance, law, marketing and consulting. Your first 30-minute session is free.
          </p>
          <HeroSearch />
        </div>
      </section>

      {account?.role === 'user' && (
        <div className="section">
          <Suspense fallback={null}>
            <UpcomingSessions />
          </Suspense>
        </div>
      )}

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

      <section className="section experts-now" aria-labelledby="experts-now-title">
        <div className="section-head">
          <div>
            <h2 id="experts-now-title">Experts Available Now</h2>
            <p>Mentors ready to help this week, newest profiles first.</p>
          </div>
          <Link className="btn btn-secondary" to="/experts">
            Explore More
          </Link>
        </div>
        {experts === 'failed' ? (
          <p className="notice notice-error">{MSG.fetchOffersFailed}</p>
        ) : experts ? (
          <ExpertsSlider experts={experts.slice(0, CATALOGUE.sliderShow)} />
        ) : (
          <div className="slider-placeholder" aria-hidden="true" />
        )}
      </section>

      <section className="section world" aria-labelledby="world-title" ref={mapRef}>
        <h2 id="world-title">Experts around the world</h2>
        <p>Our newest experts work from these places, and meet you online wherever you are.</p>
        <div className="world-frame">
          {mapNear && Array.isArray(experts) && (
            <Suspense fallback={null}>
              <WorldMap experts={experts} />
            </Suspense>
          )}
        </div>
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

      <section className="section promo" aria-labelledby="expert-title">
        <div>
          <h2 id="expert-title">Share your expertise, get paid for it</h2>
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
