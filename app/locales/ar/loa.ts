import type en from "../en/loa";
import type { Translation } from "../types";

const loa: Translation<typeof en> = {
  heading: "خطاب التفويض",
  description:
    "ملف PDF يتضمن صاحب الحساب والأرقام والتاريخ المطلوب لهذا الطلب، مع أسطر لتوقيع الشخص المفوض. يضاف إلى مستندات الطلب وإلى مستنداتك ذات العلامة التجارية، ولا يطبع فيه الرقم السري أبدا.",
  onlyEditable: "يمكن إنشاء خطاب التفويض ما دام الطلب مسودة أو في حالة استثناء.",
  missing: "أكمل الحقول التالية من الطلب لإنشاء خطاب التفويض: {{fields}}.",
  completeDetails: "إكمال البيانات",
  language: "لغة الخطاب",
  languages: { organization: "لغة المؤسسة", en: "English", fr: "Français", ar: "العربية" },
  generate: "إنشاء خطاب التفويض",
  generating: "جار الإنشاء…",
  generated: "منشأ، بانتظار التوقيع",
  toasts: {
    generated: "تم إنشاء خطاب التفويض: تجده في مستندات الطلب وفي المستندات ذات العلامة التجارية.",
    incomplete: "يحتاج الخطاب إلى الحقول التالية من الطلب: {{fields}}. عدّل الطلب ثم أنشئ الخطاب من جديد.",
    failed: "تعذر إنشاء خطاب التفويض: {{reason}}",
  },
};

export default loa;
