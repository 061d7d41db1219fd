import type en from "../en/logs";
import type { Translation } from "../types";

const logs: Translation<typeof en> = {
  filters: {
    all: "Tous",
    organization: "Organisation",
    allOrganizations: "Toutes les organisations",
    from: "Du",
    to: "Au",
  },
  activity: {
    title: "Journal d’activité",
    description: "Chaque modification faite dans le portail : qui, sous quelle identité, quoi et d’où.",
    detailTitle: "{{title}} · Journal d’activité",
    searchPlaceholder: "Rechercher un sujet ou une action",
    empty: "Aucune activité ne correspond à ces filtres.",
    system: "Système",
    columns: {
      time: "Date",
      actor: "Utilisateur",
      masquerader: "Usurpation par",
      action: "Action",
      subject: "Sujet",
      ip: "Adresse IP",
    },
    filters: {
      actor: "Utilisateur",
      action: "Action",
      subjectType: "Type de sujet",
    },
  },
  subjectTypes: {
    user: "Utilisateur",
    organization: "Organisation",
    role: "Rôle",
    system_settings: "Paramètres système",
    phone_number: "Numéro de téléphone",
    porting_order: "Demande de portabilité",
    number_order: "Commande de numéros",
    residential_draft: "Inscription résidentielle",
  },
  detail: {
    summary: "Résumé",
    userAgent: "Navigateur (user agent)",
    changes: "Champs modifiés",
    noChanges: "Cette entrée n’enregistre aucune modification de champ.",
    field: "Champ",
    before: "Avant",
    after: "Après",
    none: "—",
    backToActivity: "Retour au journal d’activité",
    backToMail: "Retour au journal des e-mails",
  },
  mail: {
    title: "Journal des e-mails",
    description: "Chaque e-mail que le portail a envoyé ou tenté d’envoyer.",
    detailTitle: "{{subject}} · Journal des e-mails",
    searchPlaceholder: "Rechercher un destinataire ou un objet",
    empty: "Aucun e-mail ne correspond à ces filtres.",
    columns: {
      to: "Destinataire",
      subject: "Objet",
      template: "Modèle",
      status: "Statut",
      error: "Erreur",
      time: "Date",
      organization: "Organisation",
    },
    filters: {
      status: "Statut",
      template: "Modèle",
    },
    statuses: {
      queued: "En attente",
      sent: "Envoyé",
      failed: "Échec",
      not_sent: "Non envoyé",
    },
    templates: {
      invitation: "Invitation",
      password_reset: "Réinitialisation du mot de passe",
      two_factor_reset: "Réinitialisation de la connexion en deux étapes",
      smtp_test: "Test SMTP",
    },
    sentAt: "Envoyé le",
    html: "Message",
    htmlFrame: "Message « {{subject}} » tel qu’envoyé",
    noHtml: "Cet e-mail n’a pas de version HTML.",
    text: "Version texte",
    noText: "Cet e-mail n’a pas de version texte.",
  },
  changeLog: {
    title: "Journal des modifications",
    description: "Les nouveautés du portail, des plus récentes aux plus anciennes.",
  },
};

export default logs;
