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
  bulk: {
    label: "إجراءات جماعية",
    select: "تحديد",
    selectPage: "تحديد كل صفوف هذه الصفحة",
    applyTo: "تطبيق على",
    scopeTickedRows: "الصفوف المحددة",
    scopeTicked: "الصفوف المحددة ({{count}})",
    scopePage: "كل هذه الصفحة ({{count}})",
    scopeAll: "كل ما يطابق عامل التصفية ({{total}})",
    noneSelected: "حدّد صفًا واحدًا على الأقل، أو اختر «كل هذه الصفحة» أو «كل ما يطابق عامل التصفية».",
    failed: "تعذّر تطبيق الإجراء.",
    skipped: "تم تخطي {{count}}: {{reasons}}",
    reason: "{{reason}} ({{count}})",
    remaining: "يطابق {{count}} آخرون: أعد تنفيذ الإجراء للمتابعة",
    unchanged: "على هذه الحال أصلًا",
    gone: "لم يعد موجودًا",
    selection: "اختر الصفوف المحددة أو عامل تصفية القائمة، وليس كليهما.",
  },
};

export default ui;
