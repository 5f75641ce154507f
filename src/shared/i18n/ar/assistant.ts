import type { assistant as en } from '../en/assistant';

/** Arabic (Modern Standard, Gulf business usage) for en/assistant.ts: every key, same {placeholders}. */
export const assistant: Record<keyof typeof en, string> = {
  'assistant.sales.greeting': 'مرحبًا! أنا مساعد KWT Delivery. يسعدني أن أعرّفك بمزايانا وأسعارنا والمناطق التي نخدمها.',
  'assistant.sales.features':
    'يدير KWT Delivery أسطولك بالكامل: تحليلات فورية، وقراءة الإيصالات وعدادات المسافات آليًا (OCR)، وتتبّع مباشر عبر GPS، وتطبيق قابل للتثبيت (PWA) يعمل عليه المندوبون دون اتصال، ومزامنة مع Google Sheets، ومتابعة مبالغ الدفع عند الاستلام من التحصيل حتى تسليم النقد.',
  'assistant.sales.feature.analytics': 'تحليلات فورية: أرقام مباشرة للطلبات والإيرادات ونسبة الإنجاز والمندوبين في المناوبة، إضافةً إلى تحليلات شهرية مالية وللموارد البشرية وقانونية وللأداء.',
  'assistant.sales.feature.ocr': 'القراءة الآلية (OCR): يصوّر المندوبون عدادات المسافات والإيصالات وقسائم النقد، فتُعبّأ القراءات لهم تلقائيًا على خوادمنا، دون أي خدمة من طرف ثالث.',
  'assistant.sales.feature.gps': 'التتبّع عبر GPS: تابِع كل مندوب في المناوبة على خريطة مباشرة مع مساره اليوم، وشارِك رابط تتبّع مع عملائك.',
  'assistant.sales.feature.pwa': 'تطبيق PWA قابل للتثبيت: يثبّت المندوبون التطبيق من المتصفح على أي هاتف، ويستمر في العمل دون اتصال ثم يُزامن البيانات عند عودة الإشارة.',
  'assistant.sales.feature.sheets': 'Google Sheets: زامِن شركاتك ومندوبيك وطلباتك مع جدول بيانات تملكه، أو استورد الطلبات من ملف CSV.',
  'assistant.sales.feature.cash': 'نقد الدفع عند الاستلام: يُسجَّل كل تحصيل نقدي لكل طلب، ويسلّم المندوبون النقد عبر التطبيق، وترى في أي وقت ما يحتفظ به كل مندوب.',
  'assistant.sales.pricing': 'باقاتنا الشهرية: {plans}. تبدأ كل باقة بتجربة مجانية لمدة {trialDays} يومًا، دون الحاجة إلى بطاقة.',
  'assistant.sales.plan.priced': '{name} (عدد المندوبين حتى {riders}): {kwd} أو {aed}',
  'assistant.sales.plan.custom': '{name} (عدد غير محدود من المندوبين ودعم مخصص): سعر حسب الطلب',
  'assistant.sales.plan.starter': 'الباقة الأساسية',
  'assistant.sales.plan.growth': 'باقة النمو',
  'assistant.sales.plan.enterprise': 'باقة المؤسسات',
  'assistant.sales.regions':
    'نخدم الكويت (KWD، بتوقيت Asia/Kuwait) والإمارات العربية المتحدة (AED، بتوقيت Asia/Dubai). تُحفظ المبالغ بدقة الفلس: 3 منازل عشرية للدينار الكويتي (KWD) ومنزلتان للدرهم الإماراتي (AED).',
  'assistant.sales.demo': 'يسعدني ترتيب عرض توضيحي لك: سيتواصل معك فريق المبيعات لتحديد موعده.',
  'assistant.sales.thanks': 'على الرحب والسعة!',
  'assistant.sales.fallback': 'يمكنني مساعدتك في التعرّف على مزايانا وأسعارنا والمناطق التي نخدمها (الكويت والإمارات). ماذا تودّ أن تعرف؟',
  'assistant.sales.nice': 'تشرّفنا، {name}!',
  'assistant.sales.ask.name': 'هل لي أن أعرف اسمك؟',
  'assistant.sales.ask.company': 'ما اسم الشركة التي تعمل بها؟',
  'assistant.sales.ask.email': 'ما أنسب بريد إلكتروني للتواصل معك؟',
  'assistant.sales.ask.phone': 'إن كنت تفضّل اتصالًا هاتفيًا، فشاركنا رقم هاتفك مع رمز الدولة (مثل +96512345678).',
  'assistant.sales.noted': 'شكرًا لك، لقد دوّنت ذلك.',
  'assistant.sales.badEmail': 'يبدو أن عنوان البريد الإلكتروني غير صحيح. هل يمكنك التحقق منه؟',
  'assistant.sales.complete': 'شكرًا لك، {name}! سيتواصل فريق المبيعات مع {company} على {email} خلال 24 ساعة.',
  'assistant.sales.error': 'عذرًا، أواجه مشكلة في الاتصال حاليًا. يُرجى المحاولة مرة أخرى بعد قليل، أو استخدام نموذج التواصل.',
  'assistant.support.help.admin':
    'يمكنني الإجابة عن النظام بأكمله: الأرقام، والشركات، والمندوبين، والطلبات، والنقد، وأداء المندوبين، وتذاكر الدعم، وإعداد تقرير المدير أو تحليل مالي أو للموارد البشرية أو قانوني أو للأداء.',
  'assistant.support.help.company':
    'يمكنني الإجابة عن أسطول شركتك: الأرقام، والمندوبين، والطلبات، والنقد، وأداء المندوبين، وتذاكر الدعم، وإعداد تقرير المدير أو تحليل مالي أو للموارد البشرية أو قانوني أو للأداء.',
  'assistant.support.help.rider':
    'يمكنني الإجابة عن عملك أنت: أرقامك، وطلباتك، والنقد لديك، وأداؤك، وتذاكر الدعم الخاصة بك، وإعداد تقريرك أو تحليل مالي أو للموارد البشرية أو قانوني أو للأداء.',
  'assistant.support.notAllowed': 'هذا غير متاح لحسابك.',
  'assistant.support.more': 'و{n} غيرها',
  'assistant.support.report': 'تقرير المدير الخاص بـ {scope} جاهز. استخدم رابط التنزيل أدناه.',
  'assistant.support.reportTitle': 'تقرير المدير',
  'assistant.support.pickAnalysis': 'أي تحليل تريد: المالي، أم الموارد البشرية، أم القانوني، أم الأداء؟',
  'assistant.support.error': 'عذرًا، واجهتُ مشكلة أثناء الإجابة. يُرجى المحاولة مرة أخرى بعد قليل.',
  'assistant.prompt.sales':
    'أنت مساعد المبيعات لدى KWT Delivery، وهي بوابة لإدارة أساطيل التوصيل وتطبيق للمندوبين في الكويت والإمارات. أجب الزوار باختصار (4 جمل على الأكثر)، بنص عادي، ومن الحقائق التالية فقط؛ ولا تختلق أسعارًا أو مزايا أبدًا. الحقائق: {facts}',
  'assistant.prompt.collect':
    'البيانات التي قدّمها الزائر: {known}. وما زال ينقص: {missing}. اختم إجابتك بطلب {next} فقط، بأسلوب مهذب.',
  'assistant.prompt.collected': 'قدّم الزائر اسمه وشركته وبريده الإلكتروني: {known}. لا تطلبها منه مرة أخرى.',
  'assistant.prompt.support':
    'أنت مساعد الدعم لدى KWT Delivery. تساعد {name}، المسجَّل دخوله بصفة {role}{company}. أجب بنص عادي وباختصار، واستخدم الأدوات للحصول على أي رقم: لا تخمّن أي رقم أبدًا، ولا تتحدث أبدًا عن بيانات خارج نطاق صلاحيات المستخدم (الأدوات تفرض ذلك). المبالغ: للدينار الكويتي (KWD) 3 منازل عشرية، وللدرهم الإماراتي (AED) منزلتان. تاريخ اليوم {today}.',
  'mail.lead.subject': 'عميل محتمل جديد: {name} ({company})',
  'mail.lead.intro': 'جمعت محادثة الموقع بيانات عميل محتمل جديد.',
  'mail.contact.subject': 'نموذج التواصل ({inquiryType}): {name}',
  'mail.contact.intro': 'أرسل أحد الزوار نموذج التواصل.',
  'mail.field.name': 'الاسم',
  'mail.field.company': 'الشركة',
  'mail.field.email': 'البريد الإلكتروني',
  'mail.field.phone': 'الهاتف',
  'mail.field.source': 'المصدر',
  'mail.field.inquiryType': 'نوع الاستفسار',
  'mail.field.preferredContact': 'وسيلة التواصل المفضلة',
  'mail.field.message': 'الرسالة',
  'mail.field.received': 'تاريخ الاستلام',
};
