import type en from "../en/ui";

const ui: typeof en = {
  close: "إغلاق",
  cancel: "إلغاء",
  loading: "جارٍ التحميل…",
  optional: "اختياري",
  more: "المزيد",
  confirm: {
    title: "هل أنت متأكد؟",
    confirm: "تأكيد",
  },
  select: {
    placeholder: "اختر…",
  },
  toaster: {
    label: "الإشعارات",
    close: "إغلاق الإشعار",
  },
  dataTable: {
    search: "بحث",
    searchPlaceholder: "بحث…",
    apply: "تطبيق",
    perPage: "عرض",
    perPageLabel: "عدد الصفوف في الصفحة",
    showing: "عرض {{from}} إلى {{to}} من أصل {{total}} سجل",
    empty: "لا توجد سجلات مطابقة.",
    columns: "الأعمدة",
    columnsLabel: "إظهار الأعمدة أو إخفاؤها",
    sortBy: "الترتيب حسب {{column}}",
    sortedAscending: "مرتب تصاعديًا",
    sortedDescending: "مرتب تنازليًا",
    pagination: "ترقيم الصفحات",
    firstPage: "الصفحة الأولى",
    previousPage: "الصفحة السابقة",
    nextPage: "الصفحة التالية",
    lastPage: "الصفحة الأخيرة",
    page: "الصفحة {{page}}",
    morePages: "صفحات أخرى",
  },
};

export default ui;
