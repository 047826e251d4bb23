/**
 * Every API path is served under this prefix (CloudFront behaviour and local gateway alike). Its own
 * module so the browser can read it without loading the route table's schemas.
 */
export const API_PREFIX = '/api';
