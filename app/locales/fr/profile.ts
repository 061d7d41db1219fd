import type en from "../en/profile";
import type { Translation } from "../types";

const profile: Translation<typeof en> = {
  title: "Profil",
  tabsLabel: "Sections du profil",
  tabs: {
    account: "Compte",
    security: "Sécurité",
    preferences: "Préférences",
  },
  account: {
    title: "Informations du compte",
    description: "Votre nom, votre adresse e-mail et votre langue.",
    name: "Nom",
    email: "Adresse e-mail",
    language: "Langue",
    languageHint: "Le portail et les e-mails que vous recevez utilisent cette langue.",
  },
  security: {
    title: "Changer le mot de passe",
    description: "Saisissez votre mot de passe actuel, puis deux fois le nouveau.",
    current: "Mot de passe actuel",
    new: "Nouveau mot de passe",
    newHint: "Au moins {{min}} caractères.",
    confirmation: "Confirmez le nouveau mot de passe",
    submit: "Changer le mot de passe",
  },
  preferences: {
    title: "Préférences d’affichage",
    description: "Enregistrées dans votre profil : elles vous suivent dans tous les navigateurs.",
    theme: "Thème",
    themes: { light: "Clair", dark: "Sombre", system: "Système" },
    primaryColor: "Couleur principale",
    preset: "Couleur {{color}}",
    customColor: "Couleur personnalisée",
    customColorPicker: "Choisir une couleur personnalisée",
    semiDark: "Menu semi-sombre",
    semiDarkHint: "Un menu de navigation sombre avec le thème clair.",
  },
  toasts: {
    accountSaved: "Informations du compte enregistrées.",
    passwordChanged: "Mot de passe modifié.",
    preferencesSaved: "Préférences enregistrées.",
    failed: "Rien n’a été enregistré. Vérifiez les champs signalés.",
  },
};

export default profile;
