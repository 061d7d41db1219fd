import type en from "../en/errors";
import type { Translation } from "../types";

const errors: Translation<typeof en> = {
  notFound: {
    title: "Page introuvable",
    code: "404",
    message: "Nous n’avons pas trouvé la page que vous recherchez.",
    upstreamMessage: "Le service n’a rien à cette adresse : l’élément a peut-être été supprimé, ou cet outil n’y est pas disponible.",
  },
  notOffered: {
    title: "Non disponible ici",
    message:
      "Cet outil n’est pas proposé par le service auquel ce portail est relié. Adressez-vous à votre administrateur si vous l’attendiez.",
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
  unavailable: {
    title: "Service indisponible",
    message: "Le service ne répond pas pour le moment. Vous êtes toujours connecté : réessayez dans un instant.",
  },
  throttled: {
    title: "Trop de requêtes",
    message: "Merci de ralentir : réessayez dans {{seconds}} s. Vous êtes toujours connecté.",
  },
  upstream: {
    formUnavailable:
      "Le service ne répond pas pour le moment, rien n’a été enregistré. Vos saisies sont conservées : réessayez dans un instant.",
    formThrottled: "Trop de requêtes : rien n’a été enregistré. Attendez {{seconds}} s puis réessayez ; vos saisies sont conservées.",
  },
  kept: {
    title: "Vos saisies",
    message: "Rien n’a été enregistré. Vos saisies sont conservées ici : renvoyez-les dès que le service répond.",
    omitted: "Les mots de passe, codes PIN et fichiers ne sont pas conservés : rouvrez le formulaire pour les saisir.",
    sendAgain: "Renvoyer",
  },
  tryAgain: "Réessayer",
  preloadFailed: "Une partie de la page n’a pas pu être chargée. Rechargez la page pour réessayer.",
  reload: "Recharger",
};

export default errors;
