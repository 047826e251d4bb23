/** Offers Lambda: the catalogue's offers. HTTP in, one service call, HTTP out. Routes of the table without an action answer 501. */
import * as offers from '../core/offers/service';
import { createDomainHandler } from '../lib/http';

export const handler = createDomainHandler('offers', {
  'GET /api/offers/{id}': async (request) => ({ body: await offers.offer(request.params.id, request.caller) }),
  'GET /api/offers/professor/{id}': async (request) => ({ body: await offers.offersOfExpert(request.params.id, request.caller) }),
  'GET /api/offers/my-offers': async (request) => ({ body: await offers.myOffers(request.caller!) }),
  'DELETE /api/offers/delete/{id}': async (request) => ({ body: await offers.deleteOffer(request.params.id, request.caller!) }),
});
