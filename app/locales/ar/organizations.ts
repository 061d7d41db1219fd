import type en from "../en/organizations";
import type { Translation } from "../types";

const organizations: Translation<typeof en> = {
  has_dependents: "لا تزال هذه المؤسسة تضم مستخدمين أو أرقام هواتف أو طلبات نقل أرقام.",
};

export default organizations;
