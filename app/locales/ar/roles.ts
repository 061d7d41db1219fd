import type en from "../en/roles";
import type { Translation } from "../types";

const roles: Translation<typeof en> = {
  lockout: "سيؤدي هذا التغيير إلى عدم وجود أي شخص قادر على إدارة الأدوار.",
  system: "لا يمكن حذف أدوار النظام أو إعادة تسميتها أو نقلها إلى نطاق آخر.",
  in_use: "لا يزال هذا الدور مسندًا إلى مستخدمين.",
};

export default roles;
