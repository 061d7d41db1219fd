import type en from "../en/lookup";
import type { Translation } from "../types";

const lookup: Translation<typeof en> = {
  title: "البحث عن رقم لدى المورّد",
  description: "من يحتفظ بالرقم على مستوى المشغّلين: المورّد والمشغّل والتوجيه وسجلّ النقل.",
  form: {
    number: "رقم الهاتف",
    numberHelp: "بأي تنسيق: ‎(212) 555-0100 أو ‎212.555.0100 أو ‎+1 212 555 0100.",
    submit: "بحث",
  },
  result: {
    heading: "نتيجة الرقم",
    holdingVendor: "المورّد الحائز",
    carrier: "المشغّل",
    spid: "SPID",
    ocn: "OCN",
    lrn: "LRN",
    rateCenter: "مركز التسعير",
    lata: "LATA",
    state: "الولاية",
    city: "المدينة",
    type: "نوع الرقم",
    lineType: "نوع الخط",
    cnam: "اسم المتصل (CNAM)",
    ported: "منقول",
    portedOn: "نعم، بتاريخ {{date}}",
    notPorted: "لا",
    unknown: "غير معروف",
    inInventory: "هذا الرقم موجود في مخزوننا ({{organization}}، {{status}}).",
    provider: "مخزون المزوّد",
    openInInventory: "فتحه في قائمة الأرقام",
    notInInventory: "هذا الرقم ليس في مخزوننا.",
  },
  types: { local: "محلي", toll_free: "مجاني", mobile: "جوّال" },
  lineTypes: { landline: "خط أرضي", wireless: "لاسلكي", voip: "صوت عبر الإنترنت", toll_free: "مجاني" },
  statuses: {
    available: "متاح",
    reserved: "محجوز",
    in_service: "في الخدمة",
    porting_in: "قيد النقل",
    disconnected: "مفصول",
  },
  unparseable: {
    not_a_number: "هذا ليس رقم هاتف.",
    too_short: "عدد الأرقام أقل من اللازم لرقم أمريكي شمالي (10 أرقام).",
    too_long: "عدد الأرقام أكثر من اللازم لرقم أمريكي شمالي (10 أرقام).",
    not_nanp: "يمكن البحث عن أرقام أمريكا الشمالية (+1) فقط.",
    invalid: "هذا ليس رقمًا أمريكيًا شماليًا صالحًا.",
    duplicate: "مكرّر.",
  },
};

export default lookup;
