/**
 * Path of the WebSocket endpoint on the app's origin. Its own module so the browser's realtime
 * client can read it without loading the route table's schemas.
 */
export const WS_PATH = '/ws';
