import type en from "../en/nav";
import type { Translation } from "../types";

const nav: Translation<typeof en> = {
  sections: {
    main: "Vue d’ensemble",
    administration: "Administration",
    logs: "Journaux",
    tools: "Outils",
    resources: "Ressources",
  },
  dashboard: "Tableau de bord",
  users: "Utilisateurs",
  organizations: "Organisations",
  roles: "Rôles",
  systemSettings: "Paramètres système",
  activityLog: "Journal d’activité",
  mailLog: "Journal des e-mails",
  changeLog: "Journal des modifications",
  systemStatus: "État du système",
  apiDocumentation: "Documentation de l’API",
  clientSuccess: "Centre de réussite client",
  billing: "Facturation",
  feedback: "Avis sur le portail",
  phoneNumbers: "Numéros de téléphone",
  orderNumbers: "Commander des numéros",
  numberOrders: "Commandes de numéros",
  // E911 and porting tools.
  e911: "E911",
  portingCheck: "Vérification de portabilité",
  portingOrders: "Commandes de portage",
  didLookup: "Recherche DID opérateur",
  externalLink: "{{label}} (s’ouvre dans un nouvel onglet)",
  textToSpeech: "Synthèse vocale",
  deviceOverrides: "Paramètres des appareils",
  smtpRelay: "Relais SMTP",
  brandedDocuments: "Documents de marque",
  // Importing phone numbers (issue 10).
  importNumbers: "Importer des numéros",
  // Residential user wizard.
  residentialWizard: "Ajouter un abonné résidentiel",
  // Find anything (issue 25): the header's search, the command palette (Ctrl/⌘+K) and the results page.
  search: {
    label: "Rechercher",
    placeholder: "Numéros, utilisateurs, organisations, commandes…",
    submit: "Rechercher",
    open: "Rechercher (Ctrl+K)",
    openMac: "Rechercher (⌘K)",
    title: "Tout trouver",
    description: "Écrans, numéros dans tout format (aussi par ville), utilisateurs, organisations et commandes.",
    inputLabel: "Rechercher écrans, numéros, utilisateurs, organisations et commandes",
    hint: "↑ ↓ pour se déplacer, Entrée pour ouvrir, Échap pour fermer",
    searching: "Recherche…",
    empty: "Aucun résultat pour « {{query}} ».",
    start: "Saisissez un numéro dans tout format, un nom, une adresse e-mail, une ville ou une commande comme #12.",
    unavailable: "Numéros, utilisateurs, organisations et commandes ne peuvent pas être recherchés pour l’instant ; les écrans, si.",
    all: "Tous les résultats pour « {{query}} »",
    resultsTitle: "Recherche",
    resultsFor: "Résultats pour « {{query}} »",
    groups: {
      screens: "Écrans",
      numbers: "Numéros de téléphone",
      users: "Utilisateurs",
      organizations: "Organisations",
      orders: "Commandes de numéros",
    },
    order: "Commande n° {{id}}",
    account: "Compte {{number}}",
  },
};

export default nav;
