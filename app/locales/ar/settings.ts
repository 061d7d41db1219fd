import type en from "../en/settings";
import type { Translation } from "../types";

const settings: Translation<typeof en> = {
  title: "إعدادات النظام",
  description: "اسم البوابة ولغتها والتسجيل وقواعد الأمان وروابط القائمة والشعارات.",
  save: "حفظ الإعدادات",
  general: {
    title: "عام",
    description: "كيف تُعرِّف البوابة بنفسها.",
    portalName: "اسم البوابة",
    portalNameHint: "يظهر في قائمة التنقل وعناوين الصفحات ورسائل البريد الإلكتروني.",
    defaultLanguage: "اللغة الافتراضية",
    defaultLanguageHint: "للزوار الذين لم يختاروا لغة بعد.",
    registration: "السماح بالتسجيل",
    registrationHint: "يمكن للزوار إنشاء حساب ومؤسسة من صفحة تسجيل الدخول.",
  },
  security: {
    title: "الأمان",
    description: "قواعد كلمات المرور والجلسات.",
    passwordMinLength: "الحد الأدنى لطول كلمة المرور",
    passwordMinLengthHint: "بين {{min}} و{{max}} حرفًا.",
    sessionIdle: "مهلة خمول الجلسة (بالدقائق)",
    sessionIdleHint: "يُسجَّل خروج المستخدمين بعد هذه المدة من عدم النشاط: من {{min}} إلى {{max}} دقيقة.",
    twoFactorRequired: "تسجيل الدخول بخطوتين مطلوب لـ",
    twoFactorRequiredHint: "على المستخدمين المشمولين إعداد تطبيق مصادقة قبل استخدام البوابة.",
    twoFactorPolicies: { off: "لا أحد (اختياري للجميع)", staff: "موظفو المزوّد", everyone: "الجميع" },
  },
  links: {
    title: "روابط القائمة",
    description: "عناوين عناصر القائمة التي تؤدي إلى مواقع أخرى. اترك الحقل فارغًا لإخفاء عنصره.",
    clientSuccess: "مركز نجاح العملاء",
    billing: "الفوترة",
    feedback: "ملاحظات حول البوابة",
  },
  logos: {
    title: "الشعارات",
    description: "تظهر في قائمة التنقل وفي صفحات تسجيل الدخول. بدون شعار تعرض البوابة اسمها.",
    kinds: {
      light: "شعار الخلفيات الفاتحة",
      dark: "شعار الخلفيات الداكنة",
      collapsed: "شعار القائمة المطوية",
    },
    hints: {
      light: "السمة الفاتحة وصفحات تسجيل الدخول.",
      dark: "السمة الداكنة والقائمة شبه الداكنة.",
      collapsed: "رمز مختصر يُعرض بارتفاع 35 بكسل.",
    },
    current: "{{kind}} الحالي",
    none: "لم يُرفع أي شعار",
    choose: "ملف الصورة",
    constraints: "PNG أو SVG أو JPEG أو WebP، بحد أقصى 512 كيلوبايت.",
    upload: "رفع",
    remove: "حذف",
    removeTitle: "حذف {{kind}}؟",
    removeDescription: "ستعرض البوابة اسمها مكانه إلى أن يُرفع شعار آخر.",
    tooLarge: "يجب ألا يزيد حجم الملف على {{max}} كيلوبايت.",
  },
  toasts: {
    saved: "حُفظت إعدادات النظام.",
    failed: "لم تُحفظ الإعدادات. راجع الحقول المشار إليها.",
    logoUploaded: "رُفع الشعار.",
    logoRemoved: "حُذف الشعار.",
  },
};

export default settings;
