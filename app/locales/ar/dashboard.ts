import type en from "../en/dashboard";
import type { Translation } from "../types";

const dashboard: Translation<typeof en> = {
  title: "لوحة المعلومات",
  welcome: "مرحبًا بعودتك يا {{name}}.",
  figures: {
    title: "الأرقام الرئيسية",
    organizations: "المؤسسات",
    users: "المستخدمون",
    active_numbers: "الأرقام النشطة",
    open_porting_orders: "طلبات نقل الأرقام المفتوحة",
    numbers_without_e911: "أرقام بلا عنوان E911",
  },
  chart: {
    title: "النشاط اليومي",
    subtitle: "التغييرات المسجلة خلال آخر 30 يومًا",
    description: "التغييرات اليومية على مدى {{days}} يومًا. المجموع: {{total}}. أكثر الأيام نشاطًا: {{peakDay}} ({{peak}}).",
    empty: "لا نشاط في هذه الفترة.",
    bar: "{{day}} — التغييرات: {{formatted}}",
    showData: "عرض الأرقام",
    day: "اليوم",
    count: "التغييرات",
  },
  recent: {
    title: "النشاط الأخير",
    subtitle: "أحدث التغييرات",
    viewAll: "عرض الكل",
    empty: "لم يحدث شيء بعد.",
    by: "بواسطة {{actor}}",
    system: "النظام",
  },
};

export default dashboard;
