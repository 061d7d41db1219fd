import type en from "../en/errors";
import type { Translation } from "../types";

const errors: Translation<typeof en> = {
  notFound: {
    title: "الصفحة غير موجودة",
    code: "404",
    message: "تعذّر العثور على الصفحة التي تبحث عنها.",
  },
  notAuthorized: {
    title: "غير مصرّح لك!",
    code: "401",
    message: "ليست لديك صلاحية الوصول إلى هذه الصفحة.",
  },
  serverError: {
    title: "خطأ داخلي في الخادم",
    code: "500",
    message: "عذرًا، حدث خطأ ما. يُرجى المحاولة مرة أخرى لاحقًا.",
  },
  generic: {
    title: "حدث خطأ ما",
    message: "تعذّر إكمال الطلب ({{status}}).",
  },
  backToHome: "العودة إلى الصفحة الرئيسية",
  signIn: "تسجيل الدخول",
  preloadFailed: "تعذّر تحميل جزء من الصفحة. أعد تحميل الصفحة للمحاولة مرة أخرى.",
  reload: "إعادة التحميل",
};

export default errors;
