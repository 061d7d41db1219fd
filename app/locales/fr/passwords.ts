import type en from "../en/passwords";
import type { Translation } from "../types";

/** Password-reset answers, keyed like Laravel's `passwords` language file (the backend sends these keys). */
const passwords: Translation<typeof en> = {
  sent: "Si un compte existe pour cette adresse, nous y avons envoyé un lien pour définir un nouveau mot de passe.",
  reset: "Votre mot de passe a été défini.",
  updated: "Votre mot de passe a été modifié.",
  token: "Ce lien de mot de passe est invalide ou a expiré.",
  user: "Aucun utilisateur ne correspond à cette adresse e-mail.",
  throttled: "Veuillez patienter avant de réessayer.",
};

export default passwords;
