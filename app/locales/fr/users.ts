import type en from "../en/users";
import type { Translation } from "../types";

const users: Translation<typeof en> = {
  self_delete: "Vous ne pouvez pas supprimer votre propre compte.",
};

export default users;
