import type en from "../en/profile";
import type { Translation } from "../types";

const profile: Translation<typeof en> = {
  title: "الملف الشخصي",
  tabsLabel: "أقسام الملف الشخصي",
  tabs: {
    account: "الحساب",
    security: "الأمان",
    preferences: "التفضيلات",
  },
  account: {
    title: "بيانات الحساب",
    description: "اسمك وعنوان بريدك الإلكتروني ولغتك.",
    name: "الاسم",
    email: "البريد الإلكتروني",
    language: "اللغة",
    languageHint: "تستخدم البوابة والرسائل التي تصلك هذه اللغة.",
  },
  security: {
    title: "تغيير كلمة المرور",
    description: "أدخل كلمة المرور الحالية، ثم الجديدة مرتين.",
    current: "كلمة المرور الحالية",
    new: "كلمة المرور الجديدة",
    newHint: "{{min}} أحرف على الأقل.",
    confirmation: "تأكيد كلمة المرور الجديدة",
    submit: "تغيير كلمة المرور",
  },
  preferences: {
    title: "تفضيلات العرض",
    description: "تُحفظ في ملفك الشخصي، فتنتقل معك إلى أي متصفح.",
    theme: "السمة",
    themes: { light: "فاتحة", dark: "داكنة", system: "حسب النظام" },
    primaryColor: "اللون الأساسي",
    preset: "اللون {{color}}",
    customColor: "لون مخصص",
    customColorPicker: "اختيار لون مخصص",
    semiDark: "قائمة شبه داكنة",
    semiDarkHint: "قائمة تنقل داكنة مع السمة الفاتحة.",
  },
  toasts: {
    accountSaved: "حُفظت بيانات الحساب.",
    passwordChanged: "غُيّرت كلمة المرور.",
    preferencesSaved: "حُفظت التفضيلات.",
    failed: "لم يُحفظ شيء. راجع الحقول المشار إليها.",
  },
};

export default profile;
