import type { shopApi as en } from '../en/shop-api';

/** Arabic (Modern Standard, Gulf business usage) for en/shop-api.ts: every key, same {placeholders}. */
export const shopApi: Record<keyof typeof en, string> = {
  'shopApi.signIn': 'أرسل رمز API للشركة (Authorization: Bearer kwt_…) أو سجّل الدخول إلى بوابة الشركة',
  'shopApi.badToken': 'رمز API غير صالح أو أُلغي',
  'shopApi.companyOnly': 'واجهة الطلبات مخصّصة لحسابات الشركات: استخدم رمزًا لمدير في الشركة',
  'shopApi.keyRequired': 'أرسل ترويسة Idempotency-Key (من 1 إلى 255 حرفًا مرئيًا) مع كل طلب جديد',
  'shopApi.keyReused': 'استُخدم مفتاح Idempotency-Key هذا من قبل مع طلب مختلف',
  'shopApi.notCancellable': 'لم يعد ممكنًا إلغاء طلب حالته «{status}»',
  'shopApi.badJson': 'نص الطلب ليس JSON صالحًا',
  'shopApi.decimals': 'عدد الخانات العشرية أكثر مما تسمح به العملة (الدينار الكويتي 3، والدرهم الإماراتي 2)',
  'shopApi.outsideCountry': 'النقطة خارج دولة العنوان',
  'shopApi.promisePast': 'يجب أن يكون موعد التسليم الموعود في المستقبل',
  'shopApi.noRoute': 'لا توجد نقطة النهاية هذه في واجهة الطلبات',
  'shopApi.decimalString': 'اكتب المبلغ نصًا عشريًا مثل "1.250"',
};
