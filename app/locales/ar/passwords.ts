import type en from "../en/passwords";
import type { Translation } from "../types";

/** Password-reset answers, keyed like Laravel's `passwords` language file (the backend sends these keys). */
const passwords: Translation<typeof en> = {
  sent: "إذا كان هناك حساب مرتبط بهذا العنوان، فقد أرسلنا إليه رابطًا لتعيين كلمة مرور جديدة.",
  reset: "تم تعيين كلمة المرور.",
  updated: "تم تغيير كلمة المرور.",
  token: "رابط كلمة المرور هذا غير صالح أو منتهي الصلاحية.",
  user: "لا يوجد مستخدم بعنوان البريد الإلكتروني هذا.",
  throttled: "يُرجى الانتظار قبل إعادة المحاولة.",
};

export default passwords;
