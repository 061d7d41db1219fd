import type en from "../en/users";
import type { Translation } from "../types";

const users: Translation<typeof en> = {
  self_delete: "لا يمكنك حذف حسابك.",
  two_factor_not_enabled: "ليس لدى هذا المستخدم خطوة ثانية لإعادة تعيينها.",
  bulk: {
    already_disabled: "معطّل أصلًا",
    disabled: "معطّل",
    has_password: "عيّن كلمة مرور بالفعل",
    more_privileged: "يملك صلاحيات لا تملكها",
  },
};

export default users;
