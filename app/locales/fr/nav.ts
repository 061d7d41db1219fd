import type en from "../en/nav";
import type { Translation } from "../types";

/**
 * Menu labels are short enough to fit the 256 px vertical menu on one line, with the external-link mark where
 * there is one (tests/e2e/nav-french.spec.ts); page titles keep the longer wording.
 */
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
  changeLog: "Notes de version",
  systemStatus: "État du système",
  apiDocumentation: "Documentation API",
  clientSuccess: "Réussite client",
  billing: "Facturation",
  feedback: "Avis sur le portail",
  phoneNumbers: "Numéros de téléphone",
  orderNumbers: "Nouvelle commande",
  numberOrders: "Commandes de numéros",
  // E911 and porting tools.
  e911: "E911",
  portingCheck: "Test de portabilité",
  portingOrders: "Commandes de portage",
  didLookup: "Recherche de DID",
  externalLink: "{{label}} (s’ouvre dans un nouvel onglet)",
  textToSpeech: "Synthèse vocale",
  deviceOverrides: "Réglages d’appareils",
  smtpRelay: "Relais SMTP",
  brandedDocuments: "Documents de marque",
  // Importing phone numbers (issue 10).
  importNumbers: "Importer des numéros",
  // Residential user wizard.
  residentialWizard: "Abonné résidentiel",
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
