/**
 * The catalogue Lambda: offers, moderation, the expert directory and public profiles (it holds the
 * search index they read), and reviews. HTTP in, one service call, HTTP out.
 */
import { directory } from '../../contexts/catalogue/directory-service';
import * as experts from '../../contexts/catalogue/expert-service';
import { photoUploadForm } from '../../contexts/catalogue/offer-photo-service';
import * as offers from '../../contexts/catalogue/offer-service';
import * as reviews from '../../contexts/catalogue/review-service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { createDomainHandler, idempotencyKeyOf } from '../../platform/http';
import { CATALOGUE_ROUTES } from '../../../shared/routes/catalogue';

export const handler = createDomainHandler(
  CATALOGUE_ROUTES,
  {
    'GET /api/offers/all': async (request) => ({ body: await offers.latestOffers(request.query.page, request.query.limit, request.caller) }),
    'GET /api/offers/search': async (request) => ({ body: await offers.searchOffers(request.query.q, request.query.limit, request.caller) }),
    'GET /api/offers/{id}': async (request) => ({ body: await offers.offer(request.params.id, request.caller) }),
    'GET /api/offers/professor/{id}': async (request) => ({ body: await offers.offersOfExpert(request.params.id, request.caller) }),
    'GET /api/offers/professor/{id}/reviews': async (request) => ({ body: await reviews.reviewsOfExpert(request.params.id, request.caller) }),
    'GET /api/offers/my-offers': async (request) => ({ body: await offers.myOffers(request.caller) }),
    'POST /api/offers/guest-favorites': async (request) => ({ body: await offers.guestFavorites(request.body.ids, request.caller) }),
    'POST /api/offers/create': async (request) => ({
      status: 201,
      body: await offers.createOffer(request.body, request.caller, request.account, idempotencyKeyOf(request.headers)),
    }),
    'PATCH /api/offers/update/{id}': async (request) => ({
      body: await offers.updateOwnOffer(request.params.id, request.body, request.caller, request.account),
    }),
    'POST /api/offers/{id}/photo-upload': async (request) => ({ body: await photoUploadForm(request.params.id, request.caller, request.body) }),
    'POST /api/offers/{id}/reviews': async (request) => ({
      status: 201,
      body: await reviews.reviewOffer(request.params.id, request.body, request.caller, request.account),
    }),
    'DELETE /api/offers/delete/{id}': async (request) => ({ body: await offers.deleteOffer(request.params.id, request.caller) }),
    'GET /api/user/professors': async (request) => ({ body: await directory(request.query, request.caller) }),
    'GET /api/user/public/{id}': async (request) => ({ body: await experts.expertProfile(request.params.id, request.caller) }),
    'GET /api/admin/offers/pending': async (request) => ({ body: await offers.pendingOffers(request.caller) }),
    'PATCH /api/admin/offers/{id}/approve': async (request) => ({ body: await offers.approveOffer(request.params.id, request) }),
    'PATCH /api/admin/offers/{id}': async (request) => ({ body: await offers.updateAnyOffer(request.params.id, request.body, request) }),
    'DELETE /api/admin/offers/{id}': async (request) => ({ body: await offers.rejectOffer(request.params.id, request.query.reason, request) }),
  },
  accountOfOpenSession,
);
