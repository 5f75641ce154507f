/** Where the map opens before any rider is placed: Kuwait City. */
export const KUWAIT_CENTRE = { lat: 29.3375, lng: 48.0263 };
