/**
 * Where /messages opens (features/chat/routes/messages.tsx reads these parameters): a conversation
 * by its id, or my open conversation about an offer, else a new one about it, where it is booked.
 */
import { conversationPath } from '@shared/app-paths';

export const conversationLink = conversationPath;
export const offerConversationLink = (offerId: string) => `/messages?offerId=${encodeURIComponent(offerId)}`;
