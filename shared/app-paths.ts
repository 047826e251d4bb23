/** Pages of the app that mails, calendar invites and feeds link to, and the web's own links open (its router serves them). */

/** A conversation by its id (features/chat/routes/messages.tsx reads the parameter). */
export const conversationPath = (chatId: string) => `/messages?chatId=${encodeURIComponent(chatId)}`;

/** The room of a booked call (docs/rooms.md), by its order's id. */
export const roomPath = (orderId: string) => `/room/${encodeURIComponent(orderId)}`;
