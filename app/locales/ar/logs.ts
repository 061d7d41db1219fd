import type en from "../en/logs";
import type { Translation } from "../types";

const logs: Translation<typeof en> = {
  filters: {
    all: "الكل",
    organization: "المؤسسة",
    allOrganizations: "كل المؤسسات",
    from: "من",
    to: "إلى",
  },
  activity: {
    title: "سجل النشاط",
    description: "كل تغيير أُجري في البوابة: من قام به، وبصفة من، وما هو، ومن أين.",
    detailTitle: "{{title}} · سجل النشاط",
    searchPlaceholder: "البحث في الموضوع أو الإجراء",
    empty: "لا يوجد نشاط يطابق عوامل التصفية هذه.",
    system: "النظام",
    columns: {
      time: "الوقت",
      actor: "المستخدم",
      masquerader: "بانتحال من",
      action: "الإجراء",
      subject: "الموضوع",
      ip: "عنوان IP",
    },
    filters: {
      actor: "المستخدم",
      action: "الإجراء",
      subjectType: "نوع الموضوع",
    },
  },
  subjectTypes: {
    user: "مستخدم",
    organization: "مؤسسة",
    role: "دور",
    system_settings: "إعدادات النظام",
    phone_number: "رقم هاتف",
    porting_order: "طلب نقل رقم",
    number_order: "طلب أرقام",
    residential_draft: "تسجيل مشترك سكني",
  },
  detail: {
    summary: "الملخص",
    userAgent: "المتصفح (وكيل المستخدم)",
    changes: "الحقول المعدَّلة",
    noChanges: "لا يسجل هذا الإدخال أي تعديل على الحقول.",
    field: "الحقل",
    before: "قبل",
    after: "بعد",
    none: "—",
    backToActivity: "العودة إلى سجل النشاط",
    backToMail: "العودة إلى سجل البريد",
  },
  mail: {
    title: "سجل البريد",
    description: "كل رسالة بريد إلكتروني أرسلتها البوابة أو حاولت إرسالها.",
    detailTitle: "{{subject}} · سجل البريد",
    searchPlaceholder: "البحث في المستلم أو الموضوع",
    empty: "لا توجد رسالة تطابق عوامل التصفية هذه.",
    columns: {
      to: "إلى",
      subject: "الموضوع",
      template: "القالب",
      status: "الحالة",
      error: "الخطأ",
      time: "الوقت",
      organization: "المؤسسة",
    },
    filters: {
      status: "الحالة",
      template: "القالب",
    },
    statuses: {
      queued: "في الانتظار",
      sent: "أُرسلت",
      failed: "فشلت",
      not_sent: "لم تُرسل",
    },
    templates: {
      invitation: "دعوة",
      password_reset: "إعادة تعيين كلمة المرور",
      two_factor_reset: "إعادة تعيين تسجيل الدخول بخطوتين",
      smtp_test: "اختبار SMTP",
    },
    sentAt: "وقت الإرسال",
    html: "الرسالة",
    htmlFrame: "الرسالة «{{subject}}» كما أُرسلت",
    noHtml: "لا توجد نسخة HTML لهذه الرسالة.",
    text: "النسخة النصية",
    noText: "لا توجد نسخة نصية لهذه الرسالة.",
  },
  changeLog: {
    title: "سجل التغييرات",
    description: "الجديد في البوابة، من الأحدث إلى الأقدم.",
  },
};

export default logs;
