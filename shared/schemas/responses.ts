/**
 * What each route answers, by route key: the handlers' actions are checked against it and the web
 * client's `call` returns it. Routes not listed answer `unknown` until their issue describes them.
 */
import type { RouteKey } from '../routes';
import type { ChatList, ChatMessages, CreatedChat, MessageDto } from './chats';
import type { ExpertCard, ExpertProfile, FavoritesReply, OfferDto, Page, PhotoUploadForm, PublicUser, Review } from './catalogue';

export interface Message {
  msg: string;
}

export interface RouteResponses {
  'GET /api/offers/all': OfferDto[];
  'GET /api/offers/search': OfferDto[];
  'GET /api/offers/my-offers': OfferDto[];
  'GET /api/offers/professor/{id}': OfferDto[];
  'GET /api/offers/professor/{id}/reviews': Review[];
  'GET /api/offers/{id}': OfferDto;
  'POST /api/offers/guest-favorites': OfferDto[];
  'POST /api/offers/create': Message & { offer: OfferDto };
  'PATCH /api/offers/update/{id}': Message & { offer: OfferDto };
  'POST /api/offers/{id}/photo-upload': PhotoUploadForm;
  'DELETE /api/offers/delete/{id}': Message;
  'GET /api/user/professors': Page<ExpertCard>;
  'GET /api/user/public/{id}': ExpertProfile;
  'GET /api/user/{id}': PublicUser;
  'GET /api/user/favorites': Page<OfferDto>;
  'POST /api/user/favorites/merge': FavoritesReply;
  'POST /api/user/favorites/{offerId}': FavoritesReply;
  'DELETE /api/user/favorites/{offerId}': FavoritesReply;
  'GET /api/admin/offers/pending': OfferDto[];
  'PATCH /api/admin/offers/{id}/approve': Message;
  'PATCH /api/admin/offers/{id}': Message & { offer: OfferDto };
  'DELETE /api/admin/offers/{id}': Message;
  'POST /api/payments/onboard': { url: string };
  'GET /api/chats/unread-count': { count: number };
  'GET /api/chats': ChatList;
  'GET /api/chats/chat/{id}': ChatMessages;
  'PUT /api/chats/{id}/mark-read': { count: number };
  'POST /api/chats/create': CreatedChat;
  'POST /api/chats/{id}/messages': { message: MessageDto };
  'POST /api/realtime/ticket': { ticket: string };
}

/** Every key above names a route of the table (a typo fails the typecheck here). */
export const RESPONSE_KEYS_ARE_ROUTES: Record<Exclude<keyof RouteResponses, RouteKey>, never> = {};

export type ResponseOf<K extends RouteKey> = K extends keyof RouteResponses ? RouteResponses[K] : unknown;
