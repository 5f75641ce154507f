import type { proof as en } from '../en/proof';

/** Arabic for en/proof.ts: every key, same {placeholders}. */
export const proof: Record<keyof typeof en, string> = {
  'proof.title': 'إثبات التسليم',
  'proof.recipient': 'المستلم',
  'proof.pin': 'رمز التسليم',
  'proof.pin.matched': 'الرمز مطابق',
  'proof.pin.mismatch': 'الرمز غير مطابق',
  'proof.pin.not_entered': 'لم يُدخل رمز',
  'proof.photo': 'صورة عند الباب',
  'proof.photoAlt': 'صورة إثبات تسليم طلب {name}',
  'proof.noPhoto': 'لم تُلتقط صورة',
  'proof.place': 'مكان التسليم',
  'proof.place.ping': 'موقع المندوب عند {time}',
  'proof.place.photo': 'مكان التقاط الصورة عند {time}',
  'proof.place.accuracy': 'بدقة {metres} م',
  'proof.place.none': 'لم يُسجَّل موقع قرب وقت التسليم',
  'proof.place.openMap': 'فتح في الخريطة',
  'proof.place.mapLabel': 'خريطة مكان تسليم الطلب',
  'proof.deliveredAt': 'وقت التسليم',
  'proof.customerPhone': 'هاتف العميل',
  'zone.kuwait': 'بتوقيت الكويت',
  'zone.uae': 'بتوقيت الإمارات',
  'zone.heading': '{label} ({zone})',
};
