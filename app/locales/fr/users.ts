import type en from "../en/users";
import type { Translation } from "../types";

const users: Translation<typeof en> = {
  self_delete: "Vous ne pouvez pas supprimer votre propre compte.",
  two_factor_not_enabled: "Cet utilisateur n’a pas de deuxième étape à réinitialiser.",
};

export default users;
