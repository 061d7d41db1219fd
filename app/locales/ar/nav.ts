import type en from "../en/nav";
import type { Translation } from "../types";

const nav: Translation<typeof en> = {
  sections: {
    main: "نظرة عامة",
    administration: "الإدارة",
    logs: "السجلات",
    tools: "الأدوات",
    resources: "الموارد",
  },
  dashboard: "لوحة التحكم",
  users: "المستخدمون",
  organizations: "المؤسسات",
  roles: "الأدوار",
  systemSettings: "إعدادات النظام",
  activityLog: "سجل النشاط",
  mailLog: "سجل البريد",
  changeLog: "سجل التغييرات",
  systemStatus: "حالة النظام",
  apiDocumentation: "توثيق API",
  clientSuccess: "مركز نجاح العملاء",
  billing: "الفوترة",
  feedback: "ملاحظات حول البوابة",
  phoneNumbers: "أرقام الهاتف",
  orderNumbers: "طلب أرقام",
  numberOrders: "طلبات الأرقام",
  // E911 and porting tools.
  e911: "خدمة الطوارئ E911",
  portingCheck: "التحقق من قابلية النقل",
  portingOrders: "طلبات نقل الأرقام",
  didLookup: "البحث عن رقم لدى المورّد",
  externalLink: "{{label}} (يُفتح في علامة تبويب جديدة)",
  textToSpeech: "تحويل النص إلى كلام",
  deviceOverrides: "إعدادات الأجهزة الخاصة",
  smtpRelay: "مُرحِّل SMTP",
  brandedDocuments: "المستندات المُعلَّمة",
  // Importing phone numbers (issue 10).
  importNumbers: "استيراد أرقام",
  // Residential user wizard.
  residentialWizard: "إضافة مشترك سكني",
  // Find anything (issue 25): the header's search, the command palette (Ctrl/⌘+K) and the results page.
  search: {
    label: "بحث",
    placeholder: "ابحث عن أرقام ومستخدمين ومؤسسات وطلبات…",
    submit: "بحث",
    open: "بحث (Ctrl+K)",
    openMac: "بحث (⌘K)",
    title: "ابحث عن أي شيء",
    description: "الشاشات، والأرقام بأي صيغة (وحسب المدينة أيضًا)، والمستخدمون، والمؤسسات، والطلبات.",
    inputLabel: "ابحث في الشاشات والأرقام والمستخدمين والمؤسسات والطلبات",
    hint: "↑ ↓ للتنقل، Enter للفتح، Esc للإغلاق",
    searching: "جارٍ البحث…",
    empty: "لم يُعثر على شيء لـ «{{query}}».",
    start: "اكتب رقمًا بأي صيغة، أو اسمًا، أو بريدًا إلكترونيًا، أو مدينة، أو طلبًا مثل ‎#12.",
    unavailable: "لا يمكن البحث في الأرقام والمستخدمين والمؤسسات والطلبات حاليًا؛ أما الشاشات فيمكن.",
    all: "كل النتائج لـ «{{query}}»",
    resultsTitle: "بحث",
    resultsFor: "نتائج «{{query}}»",
    groups: {
      screens: "الشاشات",
      numbers: "أرقام الهاتف",
      users: "المستخدمون",
      organizations: "المؤسسات",
      orders: "طلبات الأرقام",
    },
    order: "الطلب رقم {{id}}",
    account: "الحساب {{number}}",
  },
};

export default nav;
