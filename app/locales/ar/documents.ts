import type en from "../en/documents";
import type { Translation } from "../types";

const documents: Translation<typeof en> = {
  title: "المستندات المُعلَّمة",
  description: "الشعارات والأوراق الرسمية وقوائم الأسعار وغيرها من ملفات مؤسستك، ومستندات المزوّد التي تراها كل المؤسسات.",
  search: "البحث بالاسم",
  empty: "لا توجد مستندات بعد.",
  shared: "كل المؤسسات",
  sharedOption: "كل المؤسسات (على مستوى المزوّد)",
  previewOf: "معاينة {{name}}",
  pdfPreviewHint: "تُفتح مستندات PDF في عارض PDF في متصفحك.",
  versionN: "الإصدار {{version}}",
  uploadFailed: "فشل الرفع. حاول مرة أخرى.",
  columns: { name: "الاسم", type: "النوع", size: "الحجم", uploader: "رفعه", date: "التاريخ", organization: "المؤسسة" },
  kinds: { pdf: "PDF", png: "صورة PNG", jpeg: "صورة JPEG", webp: "صورة WebP", gif: "صورة GIF", svg: "صورة SVG" },
  scopes: { organization: "مستندات المؤسسة", shared: "مستندات المزوّد" },
  filters: { type: "النوع", scope: "النطاق", all: "الكل", allOrganizations: "كل المؤسسات" },
  actions: {
    download: "تنزيل",
    downloadNamed: "تنزيل {{name}}",
    delete: "حذف",
    deleteNamed: "حذف {{name}}",
    openPdf: "فتح في عارض PDF",
    close: "إغلاق",
  },
  delete: { title: "حذف هذا المستند؟", description: "سيُحذف {{name}} وكل إصداراته السابقة. لا يمكن التراجع عن ذلك." },
  rename: { label: "الاسم", submit: "إعادة التسمية" },
  replace: { label: "الاستبدال بملف جديد", submit: "استبدال" },
  versions: { title: "الإصدارات السابقة", none: "لا توجد إصدارات سابقة.", entry: "الإصدار {{version}}: {{name}}" },
  upload: {
    title: "رفع مستند",
    description: "PDF أو PNG أو JPEG أو WebP أو GIF أو SVG، حتى 10 ميغابايت. يُتحقق من النوع من محتوى الملف لا من اسمه.",
    file: "الملف",
    hint: "اختر ملفًا أو أسقطه على هذا المربع.",
    name: "الاسم (اختياري)",
    nameHint: "افتراضيًا اسم الملف.",
    submit: "رفع",
    drop: "أو أسقط ملفًا هنا",
    progress: "تقدّم الرفع",
  },
  letter: {
    organization: "المؤسسة",
    choose: "اختر مؤسسة",
    generate: "إنشاء خطاب الترحيب",
    hint: "ملف PDF بشعار المؤسسة وبياناتها، يُضاف إلى مستنداتها.",
  },
  toasts: {
    uploaded: "تم رفع المستند.",
    replaced: "تم استبدال المستند؛ احتُفظ بالإصدار السابق.",
    renamed: "تمت إعادة تسمية المستند.",
    deleted: "تم حذف المستند.",
    generated: "تم إنشاء خطاب الترحيب.",
  },
};

export default documents;
