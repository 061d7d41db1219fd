import type en from "../en/ui";

const ui: typeof en = {
  close: "إغلاق",
  cancel: "إلغاء",
  confirm: {
    title: "هل أنت متأكد؟",
    confirm: "تأكيد",
  },
  toaster: {
    label: "الإشعارات",
    close: "إغلاق الإشعار",
  },
  dataTable: {
    search: "بحث",
    searchPlaceholder: "بحث…",
    apply: "تطبيق",
    export: "تصدير CSV",
    perPageLabel: "عدد الصفوف في الصفحة",
    showing: "عرض {{from}} إلى {{to}} من أصل {{total}} سجل",
    showingCapped: "عرض {{from}} إلى {{to}} من أصل أكثر من {{total}} سجل",
    empty: "لا توجد سجلات مطابقة.",
    columns: "الأعمدة",
    columnsLabel: "إظهار الأعمدة أو إخفاؤها",
    sortedAscending: "مرتب تصاعديًا",
    sortedDescending: "مرتب تنازليًا",
    pagination: "ترقيم الصفحات",
    firstPage: "الصفحة الأولى",
    previousPage: "الصفحة السابقة",
    nextPage: "الصفحة التالية",
    lastPage: "الصفحة الأخيرة",
    page: "الصفحة {{page}}",
  },
};

export default ui;
