/** Catalogue data for component tests: experts and offers shaped as the API answers them. */
import { vi } from 'vitest';
import type { ExpertCard, OfferDto } from '@shared/schemas/catalogue';
import { json } from './render-app';

export const expert = (n: number, fields: Partial<ExpertCard> = {}): ExpertCard => ({
  _id: `expert-${n}`,
  firstName: `First${n}`,
  lastName: `L.`,
  domainActivity: 'Finance',
  headline: `Headline of expert ${n}`,
  city: 'Paris',
  country: 'France',
  rating: 4.5,
  reviews: 2,
  expYears: 6,
  isVerified: true,
  isStripeConnected: true,
  payoutsEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

export const offer = (n: number, fields: Partial<OfferDto> = {}): OfferDto => ({
  _id: `offer-${n}`,
  title: `Offer number ${n} title`,
  description: 'A description long enough to be valid.',
  price: 60,
  lessonType: 'Video Call',
  pricingType: 'hourly',
  status: 'approved',
  approved: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  professor: expert(n),
  ...fields,
});

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * Stubs fetch with one function that answers every API call from its method, path and query
 * (undefined: the API's 404), and records the calls. The session's refresh at start answers 401.
 */
export function stubApi(answer: (call: ApiCall) => Response | Promise<Response> | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      url.pathname = url.pathname.replace(/^\/api/, '');
      const call = { method: (init.method ?? 'GET').toUpperCase(), url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      if (url.pathname.endsWith('/refresh-token')) return json(401, { msg: 'Please log in to continue.', code: 'not_authenticated' });
      calls.push(call);
      return (await answer(call)) ?? json(404, { msg: 'No such API route.', code: 'not_found' });
    }),
  );
  return { calls, called: (pathname: string) => calls.filter((call) => call.url.pathname === pathname) };
}
