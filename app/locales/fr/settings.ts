import type en from "../en/settings";
import type { Translation } from "../types";

const settings: Translation<typeof en> = {
  title: "Paramètres système",
  description: "Nom, langue, inscription, règles de sécurité, liens du menu et logos du portail.",
  save: "Enregistrer les paramètres",
  general: {
    title: "Général",
    description: "La façon dont le portail se présente.",
    portalName: "Nom du portail",
    portalNameHint: "Affiché dans la navigation, les titres de page et les e-mails.",
    defaultLanguage: "Langue par défaut",
    defaultLanguageHint: "Pour les visiteurs qui n’ont pas encore choisi de langue.",
    registration: "Autoriser l’inscription",
    registrationHint: "Les visiteurs peuvent créer un compte et une organisation depuis la page de connexion.",
  },
  security: {
    title: "Sécurité",
    description: "Règles des mots de passe et des sessions.",
    passwordMinLength: "Longueur minimale du mot de passe",
    passwordMinLengthHint: "Entre {{min}} et {{max}} caractères.",
    sessionIdle: "Expiration de session après inactivité (minutes)",
    sessionIdleHint: "Les utilisateurs sont déconnectés après cette durée d’inactivité : de {{min}} à {{max}} minutes.",
    twoFactorRequired: "Connexion en deux étapes exigée pour",
    twoFactorRequiredHint: "Les utilisateurs concernés doivent configurer une application d’authentification avant d’utiliser le portail.",
    twoFactorPolicies: { off: "Personne (facultative pour tous)", staff: "Le personnel du fournisseur", everyone: "Tout le monde" },
  },
  links: {
    title: "Liens du menu",
    description: "Adresses des entrées du menu qui mènent vers d’autres sites. Laissez un champ vide pour masquer son entrée.",
    clientSuccess: "Centre de réussite client",
    billing: "Facturation",
    feedback: "Avis sur le portail",
  },
  logos: {
    title: "Logos",
    description: "Affichés dans la navigation et sur les pages de connexion. Sans logo, le portail affiche son nom.",
    kinds: {
      light: "Logo pour fonds clairs",
      dark: "Logo pour fonds sombres",
      collapsed: "Logo de la navigation réduite",
    },
    hints: {
      light: "Thème clair et pages de connexion.",
      dark: "Thème sombre et menu semi-sombre.",
      collapsed: "Un symbole compact, affiché sur 35 px de haut.",
    },
    current: "{{kind}} actuel",
    none: "Aucun logo téléversé",
    choose: "Fichier image",
    constraints: "PNG, SVG, JPEG ou WebP, 512 Ko au maximum.",
    upload: "Téléverser",
    remove: "Supprimer",
    removeTitle: "Supprimer le {{kind}} ?",
    removeDescription: "Le portail affiche son nom à la place jusqu’au téléversement d’un autre logo.",
    tooLarge: "Le fichier ne doit pas dépasser {{max}} Ko.",
  },
  toasts: {
    saved: "Paramètres système enregistrés.",
    failed: "Les paramètres n’ont pas été enregistrés. Vérifiez les champs signalés.",
    logoUploaded: "Logo téléversé.",
    logoRemoved: "Logo supprimé.",
  },
};

export default settings;
