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
  apiDocumentation: "توثيق واجهة برمجة التطبيقات",
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
};

export default nav;
