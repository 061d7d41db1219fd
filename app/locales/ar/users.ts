import type en from "../en/users";
import type { Translation } from "../types";

const users: Translation<typeof en> = {
  self_delete: "لا يمكنك حذف حسابك.",
};

export default users;
