import type en from "../en/roles";
import type { Translation } from "../types";

const roles: Translation<typeof en> = {
  lockout: "Cette modification ne laisserait personne capable de gérer les rôles.",
  system: "Les rôles système ne peuvent être ni supprimés, ni renommés, ni changés de portée.",
  in_use: "Ce rôle est encore attribué à des utilisateurs.",
};

export default roles;
