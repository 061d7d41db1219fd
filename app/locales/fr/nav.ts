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
  portingOrders: "Ordres de portage",
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
};

export default nav;
