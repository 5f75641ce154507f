/** Links for an address and a phone number. */
export const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const whatsAppLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;
