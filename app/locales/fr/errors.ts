import type en from "../en/errors";
import type { Translation } from "../types";

const errors: Translation<typeof en> = {
  notFound: {
    title: "Page introuvable",
    code: "404",
    message: "Nous n’avons pas trouvé la page que vous recherchez.",
  },
  notAuthorized: {
    title: "Vous n’êtes pas autorisé !",
    code: "401",
    message: "Vous n’avez pas l’autorisation d’accéder à cette page.",
  },
  serverError: {
    title: "Erreur interne du serveur",
    code: "500",
    message: "Oups, une erreur s’est produite. Veuillez réessayer plus tard.",
  },
  generic: {
    title: "Une erreur s’est produite",
    message: "La requête n’a pas pu aboutir ({{status}}).",
  },
  backToHome: "Retour à l’accueil",
  signIn: "Se connecter",
  preloadFailed: "Une partie de la page n’a pas pu être chargée. Rechargez la page pour réessayer.",
  reload: "Recharger",
};

export default errors;
