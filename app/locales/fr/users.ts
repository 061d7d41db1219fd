import type en from "../en/users";
import type { Translation } from "../types";

const users: Translation<typeof en> = {
  self_delete: "Vous ne pouvez pas supprimer votre propre compte.",
  two_factor_not_enabled: "Cet utilisateur n’a pas de deuxième étape à réinitialiser.",
  bulk: {
    already_disabled: "déjà désactivé",
    disabled: "désactivé",
    has_password: "a déjà choisi un mot de passe",
    more_privileged: "a des permissions que vous n’avez pas",
  },
};

export default users;
