import type en from "../en/organizations";
import type { Translation } from "../types";

const organizations: Translation<typeof en> = {
  has_dependents: "Cette organisation a encore des utilisateurs, des numéros de téléphone ou des commandes de portage.",
};

export default organizations;
