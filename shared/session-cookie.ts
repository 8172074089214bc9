/**
 * The name of the API's session cookie. The API sets it; the web tier only asks whether a request
 * carries one, since a request without it is signed out and needs no login-status round trip.
 */
export const SESSION_COOKIE = 'oshibox_sid';
