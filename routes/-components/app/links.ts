/** Links for an address and a phone number: pure strings from the order as cached, so they work offline too. */
export const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const whatsAppLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

type Pin = { lat: number; lng: number };
const coords = (p: Pin) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/** Google Maps directions to the pin (the phone's Google Maps app opens it when installed). */
export const googleDirectionsLink = (pin: Pin) => `https://www.google.com/maps/dir/?api=1&destination=${coords(pin)}`;
/** Waze navigating to the pin. */
export const wazeLink = (pin: Pin) => `https://waze.com/ul?ll=${coords(pin)}&navigate=yes`;
