import type en from "../en/smtp";
import type { Translation } from "../types";

const smtp: Translation<typeof en> = {
  title: "Relais SMTP",
  description: "Le serveur de messagerie par lequel passent les e-mails d’une organisation.",
  descriptionFor:
    "Le serveur de messagerie par lequel passent les e-mails de {{organization}}. Relais désactivé : le relais de la plateforme est utilisé.",
  organization: "Organisation",
  chooseOrganization: "Choisir une organisation",
  open: "Ouvrir",
  pickOrganization:
    "Choisissez une organisation ci-dessus, ou réglez le filtre d’organisation dans la barre du haut, pour modifier son relais.",
  save: "Enregistrer le relais",
  server: { title: "Serveur", description: "Où et comment se connecter." },
  auth: { title: "Authentification", description: "Le compte avec lequel le portail s’identifie (AUTH PLAIN ou LOGIN)." },
  sender: { title: "Expéditeur", description: "Comment les e-mails de cette organisation sont adressés." },
  test: {
    title: "Envoyer un e-mail de test",
    description:
      "Exécute le vrai dialogue SMTP avec les réglages tels que saisis ci-dessus, enregistrés ou non. La tentative apparaît dans le journal des e-mails.",
    send: "Envoyer l’e-mail de test",
    sending: "Envoi…",
    reply: "Réponse du serveur :",
  },
  fields: {
    enabled: "Utiliser ce relais",
    enabledHint: "Activé : les e-mails de l’organisation (invitations, réinitialisations, notifications) passent par ce serveur.",
    host: "Hôte",
    hostHint: "Un nom d’hôte comme smtp.example.com, ou une adresse IP.",
    port: "Port",
    encryption: "Chiffrement",
    verifyCertificate: "Vérifier le certificat du serveur",
    verifyCertificateHint:
      "Toujours activé : le portail vérifie toujours les certificats TLS. Un serveur au certificat auto-signé ou expiré ne peut pas être utilisé en SSL/TLS ou STARTTLS.",
    auth: "Le serveur exige une authentification",
    username: "Nom d’utilisateur",
    password: "Mot de passe",
    passwordStored:
      "Un mot de passe est enregistré pour cet hôte et ce port. Laissez vide pour le garder, ou saisissez-en un nouveau pour le remplacer ; un autre hôte ou port exige de le saisir à nouveau.",
    passwordNone: "Aucun mot de passe n’est enregistré.",
    clearPassword: "Supprimer le mot de passe enregistré",
    fromAddress: "Adresse d’expédition",
    fromName: "Nom d’expéditeur",
    replyTo: "Adresse de réponse",
    optional: "Facultatif.",
    testTo: "Envoyer le test à",
  },
  encryption: { none: "Aucun (texte clair)", ssl: "SSL/TLS (implicite, port 465 en général)", starttls: "STARTTLS (port 587 en général)" },
  warnings: {
    port_465_needs_ssl: "Le port 465 attend du TLS dès le premier octet : choisissez SSL/TLS, ou le port 587 avec STARTTLS.",
    port_plain_needs_starttls: "Les ports 587 et 25 commencent en texte clair : choisissez STARTTLS plutôt que SSL/TLS.",
  },
  validation: {
    host: "Saisissez un nom d’hôte ou une adresse IP.",
    verify_certificate: "La vérification du certificat ne peut pas être désactivée sur cette plateforme.",
    password_retype:
      "Saisissez à nouveau le mot de passe : celui enregistré n’est envoyé qu’à l’hôte et au port pour lesquels il a été enregistré (et chiffré, s’il l’était).",
    port_not_smtp: "Utilisez un port SMTP : 25, 465, 587 ou 2525.",
    host_internal: "Cette adresse est sur un réseau privé, de bouclage ou local au lien : utilisez le nom d’hôte public du relais.",
  },
  outcomes: {
    unreachable: "Injoignable : aucun serveur SMTP n’a répondu sur cet hôte et ce port (fermé, filtré ou trop lent).",
    accepted: "Accepté : le serveur a pris en charge le message pour {{to}}.",
    connection_refused: "Connexion refusée : rien ne répond sur cet hôte et ce port.",
    timeout: "Délai dépassé : le serveur n’a pas répondu à temps.",
    tls_failed: "Échec TLS : la connexion sécurisée n’a pas pu être établie (certificat non reconnu, ou chiffrement non proposé).",
    auth_failed: "Échec de l’authentification : le serveur a refusé le nom d’utilisateur ou le mot de passe.",
    sender_refused: "Expéditeur refusé : le serveur n’accepte pas de courrier de cette adresse.",
    recipient_refused: "Destinataire refusé : le serveur n’accepte pas de courrier pour {{to}}.",
    rejected: "Rejeté : le serveur a refusé le message.",
    failed: "Échec : l’e-mail n’a pas pu être envoyé.",
  },
  mailErrors: {
    unreachable: "Injoignable",
    no_relay: "Aucun relais SMTP n’est configuré",
    connection_refused: "Connexion refusée",
    timeout: "Délai dépassé",
    tls_failed: "Échec TLS",
    auth_failed: "Échec de l’authentification",
    sender_refused: "Expéditeur refusé",
    recipient_refused: "Destinataire refusé",
    rejected: "Rejeté par le serveur",
    failed: "Échec",
    queue_unavailable: "Mise en file d’attente impossible",
    interrupted: "Interrompu avant l’envoi",
    app_key_missing: "Aucune clé de chiffrement (APP_KEY) pour le conserver",
  },
  relay: "Relais",
  relayPlatform: "Relais de la plateforme",
  relayOrganization: "Relais de l’organisation",
  reply: "Réponse du serveur",
  attempts: "Tentatives",
  inbox: "Ouvrir la boîte de réception locale",
  not_retryable: "Cet e-mail ne peut pas être renvoyé : il n’est pas en échec, ou son message n’a pas été conservé.",
  toasts: { saved: "Relais SMTP enregistré." },
};

export default smtp;
