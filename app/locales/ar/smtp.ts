import type en from "../en/smtp";
import type { Translation } from "../types";

const smtp: Translation<typeof en> = {
  title: "مُرحِّل SMTP",
  description: "خادم البريد الذي تمرّ عبره رسائل المؤسسة.",
  descriptionFor: "خادم البريد الذي تمرّ عبره رسائل {{organization}}. عند إيقاف المُرحِّل يُستخدم مُرحِّل المنصة.",
  organization: "المؤسسة",
  chooseOrganization: "اختر مؤسسة",
  open: "فتح",
  pickOrganization: "اختر مؤسسة أعلاه، أو اضبط عامل تصفية المؤسسة في الشريط العلوي، لتعديل مُرحِّلها.",
  save: "حفظ المُرحِّل",
  server: { title: "الخادم", description: "أين وكيف يتم الاتصال." },
  auth: { title: "المصادقة", description: "الحساب الذي تسجّل به البوابة الدخول (AUTH PLAIN أو LOGIN)." },
  sender: { title: "المُرسِل", description: "كيف تُعنوَن رسائل هذه المؤسسة." },
  test: {
    title: "إرسال رسالة اختبار",
    description: "يُجري حوار SMTP الحقيقي بالإعدادات كما كُتبت أعلاه، محفوظة أم لا. تظهر المحاولة في سجل البريد.",
    send: "إرسال رسالة اختبار",
    sending: "جارٍ الإرسال…",
    reply: "ردّ الخادم:",
  },
  fields: {
    enabled: "استخدام هذا المُرحِّل",
    enabledHint: "عند التفعيل تمرّ رسائل المؤسسة (الدعوات، إعادة تعيين كلمات المرور، الإشعارات) عبر هذا الخادم.",
    host: "المضيف",
    hostHint: "اسم مضيف مثل smtp.example.com أو عنوان IP.",
    port: "المنفذ",
    encryption: "التشفير",
    verifyCertificate: "التحقق من شهادة الخادم",
    verifyCertificateHint:
      "مفعّل دائمًا: تتحقق Cloudflare Workers من شهادات TLS ولا يمكن إيقاف ذلك. لا يمكن استخدام خادم بشهادة ذاتية التوقيع أو منتهية مع SSL/TLS أو STARTTLS.",
    auth: "يتطلب الخادم المصادقة",
    username: "اسم المستخدم",
    password: "كلمة المرور",
    passwordStored: "توجد كلمة مرور محفوظة. اترك الحقل فارغًا للإبقاء عليها، أو اكتب كلمة جديدة لاستبدالها.",
    passwordNone: "لا توجد كلمة مرور محفوظة.",
    clearPassword: "حذف كلمة المرور المحفوظة",
    fromAddress: "عنوان المُرسِل",
    fromName: "اسم المُرسِل",
    replyTo: "عنوان الرد",
    optional: "اختياري.",
    testTo: "إرسال الاختبار إلى",
  },
  encryption: { none: "بلا تشفير (نص عادي)", ssl: "SSL/TLS (ضمني، عادةً المنفذ 465)", starttls: "STARTTLS (عادةً المنفذ 587)" },
  warnings: {
    port_465_needs_ssl: "المنفذ 465 يتوقع TLS منذ البايت الأول: اختر SSL/TLS، أو استخدم المنفذ 587 مع STARTTLS.",
    port_plain_needs_starttls: "المنفذان 587 و25 يبدآن بنص عادي: اختر STARTTLS بدلًا من SSL/TLS.",
  },
  validation: {
    host: "أدخل اسم مضيف أو عنوان IP.",
    verify_certificate: "لا يمكن إيقاف التحقق من الشهادة على هذه المنصة.",
  },
  outcomes: {
    accepted: "مقبول: استلم الخادم الرسالة الموجّهة إلى {{to}}.",
    connection_refused: "رُفض الاتصال: لا شيء يجيب على هذا المضيف والمنفذ.",
    timeout: "انتهت المهلة: لم يُجب الخادم في الوقت المحدد.",
    tls_failed: "فشل TLS: تعذّر إنشاء الاتصال الآمن (شهادة غير موثوقة أو تشفير غير متاح).",
    auth_failed: "فشلت المصادقة: رفض الخادم اسم المستخدم أو كلمة المرور.",
    sender_refused: "رُفض المُرسِل: لا يقبل الخادم البريد من هذا العنوان.",
    recipient_refused: "رُفض المستلم: لا يقبل الخادم البريد الموجّه إلى {{to}}.",
    rejected: "مرفوض: رفض الخادم الرسالة.",
    failed: "فشل: تعذّر إرسال الرسالة.",
  },
  toasts: { saved: "تم حفظ مُرحِّل SMTP." },
};

export default smtp;
