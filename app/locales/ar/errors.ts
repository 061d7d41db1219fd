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
  unavailable: {
    title: "الخدمة غير متاحة",
    message: "لا تستجيب الخدمة في الوقت الحالي. ما زلت مسجّل الدخول: حاول مرة أخرى بعد قليل.",
  },
  throttled: {
    title: "طلبات كثيرة جدًا",
    message: "يرجى التمهّل: حاول مرة أخرى بعد {{seconds}} ثانية. ما زلت مسجّل الدخول.",
  },
  upstream: {
    formUnavailable: "لا تستجيب الخدمة في الوقت الحالي، لذلك لم يُحفظ شيء. بياناتك المُدخلة محفوظة: حاول مرة أخرى بعد قليل.",
    formThrottled: "طلبات كثيرة جدًا: لم يُحفظ شيء. انتظر {{seconds}} ثانية ثم حاول مرة أخرى؛ بياناتك المُدخلة محفوظة.",
  },
  tryAgain: "حاول مرة أخرى",
  preloadFailed: "تعذّر تحميل جزء من الصفحة. أعد تحميل الصفحة للمحاولة مرة أخرى.",
  reload: "إعادة التحميل",
};

export default errors;
