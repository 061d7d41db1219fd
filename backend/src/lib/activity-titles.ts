/**
 * Every action key the backend writes to the activity log, with its title in each portal language.
 * logActivity() only accepts these keys, so GET /api/activity-log/titles is complete by construction:
 * a module that logs a new action adds its key here first.
 */
export const ACTIVITY_TITLES = {
  "auth.login": { en: "Signed in", fr: "Connexion", ar: "تسجيل الدخول" },
  "auth.logout": { en: "Signed out", fr: "Déconnexion", ar: "تسجيل الخروج" },
  "auth.register": { en: "Registered an account", fr: "Création d’un compte", ar: "إنشاء حساب" },
  "auth.password_reset_requested": {
    en: "Requested a password reset",
    fr: "Demande de réinitialisation du mot de passe",
    ar: "طلب إعادة تعيين كلمة المرور",
  },
  "auth.password_reset": { en: "Reset the password", fr: "Réinitialisation du mot de passe", ar: "إعادة تعيين كلمة المرور" },
  "profile.updated": { en: "Updated the profile", fr: "Mise à jour du profil", ar: "تحديث الملف الشخصي" },
  "profile.password_changed": { en: "Changed the password", fr: "Modification du mot de passe", ar: "تغيير كلمة المرور" },
  "profile.preferences_updated": {
    en: "Updated display preferences",
    fr: "Mise à jour des préférences d’affichage",
    ar: "تحديث تفضيلات العرض",
  },
  "profile.two_factor_enabled": {
    en: "Turned on two-factor sign-in",
    fr: "Activation de la connexion en deux étapes",
    ar: "تفعيل تسجيل الدخول بخطوتين",
  },
  "profile.two_factor_disabled": {
    en: "Turned off two-factor sign-in",
    fr: "Désactivation de la connexion en deux étapes",
    ar: "إيقاف تسجيل الدخول بخطوتين",
  },
  "profile.recovery_codes_regenerated": {
    en: "Replaced the recovery codes",
    fr: "Remplacement des codes de récupération",
    ar: "استبدال رموز الاسترداد",
  },
  "profile.session_ended": { en: "Ended a session", fr: "Fin d’une session", ar: "إنهاء جلسة" },
  "profile.sessions_ended": { en: "Ended the other sessions", fr: "Fin des autres sessions", ar: "إنهاء الجلسات الأخرى" },
  "profile.token_created": { en: "Created an API token", fr: "Création d’un jeton d’API", ar: "إنشاء رمز واجهة برمجية" },
  "profile.token_revoked": { en: "Revoked an API token", fr: "Révocation d’un jeton d’API", ar: "إلغاء رمز واجهة برمجية" },
  "auth.two_factor_failed": {
    en: "Entered a wrong second-factor code",
    fr: "Code de deuxième étape erroné",
    ar: "إدخال رمز خاطئ في الخطوة الثانية",
  },
  "users.two_factor_reset": {
    en: "Reset a user’s two-factor sign-in",
    fr: "Réinitialisation de la connexion en deux étapes d’un utilisateur",
    ar: "إعادة تعيين تسجيل الدخول بخطوتين لمستخدم",
  },
  "users.masquerade.start": {
    en: "Started masquerading",
    fr: "Début de l’usurpation d’identité",
    ar: "بدء انتحال صفة مستخدم",
  },
  "users.masquerade.end": { en: "Ended masquerading", fr: "Fin de l’usurpation d’identité", ar: "إنهاء انتحال صفة مستخدم" },
  "users.created": { en: "Created a user", fr: "Création d’un utilisateur", ar: "إنشاء مستخدم" },
  "users.updated": { en: "Updated a user", fr: "Modification d’un utilisateur", ar: "تعديل مستخدم" },
  "users.deleted": { en: "Deleted a user", fr: "Suppression d’un utilisateur", ar: "حذف مستخدم" },
  "users.invited": { en: "Sent an invitation", fr: "Envoi d’une invitation", ar: "إرسال دعوة" },
  "organizations.created": { en: "Created an organization", fr: "Création d’une organisation", ar: "إنشاء مؤسسة" },
  "organizations.updated": { en: "Updated an organization", fr: "Modification d’une organisation", ar: "تعديل مؤسسة" },
  "organizations.deleted": { en: "Deleted an organization", fr: "Suppression d’une organisation", ar: "حذف مؤسسة" },
  "roles.created": { en: "Created a role", fr: "Création d’un rôle", ar: "إنشاء دور" },
  "roles.updated": { en: "Updated a role", fr: "Modification d’un rôle", ar: "تعديل دور" },
  "roles.deleted": { en: "Deleted a role", fr: "Suppression d’un rôle", ar: "حذف دور" },
  "system_settings.updated": {
    en: "Updated the system settings",
    fr: "Modification des paramètres système",
    ar: "تعديل إعدادات النظام",
  },
  "system_settings.logo_uploaded": { en: "Uploaded a logo", fr: "Téléversement d’un logo", ar: "رفع شعار" },
  "system_settings.logo_deleted": { en: "Removed a logo", fr: "Suppression d’un logo", ar: "حذف شعار" },
  "phone_numbers.created": { en: "Added a phone number", fr: "Ajout d’un numéro", ar: "إضافة رقم هاتف" },
  "phone_numbers.updated": { en: "Updated a phone number", fr: "Modification d’un numéro", ar: "تعديل رقم هاتف" },
  "phone_numbers.deleted": { en: "Removed a phone number", fr: "Suppression d’un numéro", ar: "حذف رقم هاتف" },
  "phone_numbers.released": { en: "Released a phone number", fr: "Résiliation d’un numéro", ar: "تحرير رقم هاتف" },
  "number_orders.created": {
    en: "Started a number order",
    fr: "Début d’une commande de numéros",
    ar: "بدء طلب أرقام",
  },
  "number_orders.criteria_updated": {
    en: "Changed a number order’s search",
    fr: "Modification de la recherche d’une commande de numéros",
    ar: "تعديل بحث طلب أرقام",
  },
  "number_orders.reserved": { en: "Reserved phone numbers", fr: "Réservation de numéros", ar: "حجز أرقام هاتف" },
  "number_orders.updated": {
    en: "Updated a number order",
    fr: "Modification d’une commande de numéros",
    ar: "تعديل طلب أرقام",
  },
  "number_orders.submitted": { en: "Ordered phone numbers", fr: "Commande de numéros", ar: "طلب أرقام هاتف" },
  "number_orders.settled": {
    en: "A number order finished",
    fr: "Fin d’une commande de numéros",
    ar: "اكتمال طلب أرقام",
  },
  "porting_orders.created": {
    en: "Created a porting order",
    fr: "Création d’une demande de portabilité",
    ar: "إنشاء طلب نقل رقم",
  },
  "porting_orders.updated": {
    en: "Updated a porting order",
    fr: "Modification d’une demande de portabilité",
    ar: "تعديل طلب نقل رقم",
  },
  "porting_orders.submitted": {
    en: "Submitted a porting order",
    fr: "Envoi d’une demande de portabilité",
    ar: "إرسال طلب نقل رقم",
  },
  "porting_orders.cancelled": {
    en: "Cancelled a porting order",
    fr: "Annulation d’une demande de portabilité",
    ar: "إلغاء طلب نقل رقم",
  },
  // Text-to-speech prompts and device overrides (issue 12).
  "tts.created": { en: "Created a text-to-speech prompt", fr: "Création d’une annonce vocale", ar: "إنشاء رسالة صوتية" },
  "tts.updated": { en: "Updated a text-to-speech prompt", fr: "Modification d’une annonce vocale", ar: "تعديل رسالة صوتية" },
  "tts.deleted": { en: "Deleted a text-to-speech prompt", fr: "Suppression d’une annonce vocale", ar: "حذف رسالة صوتية" },
  "tts.render_requested": {
    en: "Rendered a text-to-speech prompt again",
    fr: "Nouveau rendu d’une annonce vocale",
    ar: "إعادة توليد رسالة صوتية",
  },
  "devices.created": { en: "Added a device", fr: "Ajout d’un appareil", ar: "إضافة جهاز" },
  "devices.deleted": { en: "Deleted a device", fr: "Suppression d’un appareil", ar: "حذف جهاز" },
  "devices.overrides_updated": {
    en: "Updated a device’s overrides",
    fr: "Modification des paramètres d’un appareil",
    ar: "تعديل إعدادات جهاز",
  },
  // SMTP relays and branded documents (issue 13)
  "smtp_relays.updated": { en: "Updated the SMTP relay", fr: "Modification du relais SMTP", ar: "تعديل مُرحِّل SMTP" },
  "smtp_relays.tested": { en: "Sent an SMTP test e-mail", fr: "Envoi d’un e-mail de test SMTP", ar: "إرسال رسالة اختبار SMTP" },
  "mail_log.retried": { en: "Sent an e-mail again", fr: "Nouvel envoi d’un e-mail", ar: "إعادة إرسال بريد إلكتروني" },
  "documents.uploaded": { en: "Uploaded a document", fr: "Téléversement d’un document", ar: "رفع مستند" },
  "documents.renamed": { en: "Renamed a document", fr: "Renommage d’un document", ar: "إعادة تسمية مستند" },
  "documents.replaced": { en: "Replaced a document", fr: "Remplacement d’un document", ar: "استبدال مستند" },
  "documents.deleted": { en: "Deleted a document", fr: "Suppression d’un document", ar: "حذف مستند" },
  "documents.generated": { en: "Generated a document", fr: "Génération d’un document", ar: "إنشاء مستند" },
  // E911 and porting tools.
  "e911.updated": { en: "Set an E911 address", fr: "Définition d’une adresse E911", ar: "تعيين عنوان طوارئ E911" },
  "e911.removed": { en: "Removed E911 from a number", fr: "Retrait du E911 d’un numéro", ar: "إزالة خدمة E911 من رقم" },
  "porting_orders.status_changed": {
    en: "A porting order changed status",
    fr: "Changement de statut d’une demande de portabilité",
    ar: "تغيّر حالة طلب نقل رقم",
  },
  "porting_orders.commented": {
    en: "Commented on a porting order",
    fr: "Commentaire sur une demande de portabilité",
    ar: "تعليق على طلب نقل رقم",
  },
  // Generated letters of authorization (issue 13).
  "porting_orders.loa_generated": {
    en: "Generated a porting order's letter of authorization",
    fr: "Génération de la lettre d’autorisation d’une demande de portabilité",
    ar: "إنشاء خطاب تفويض لطلب نقل رقم",
  },
  // Phone-number imports (issue 10).
  "number_imports.uploaded": { en: "Uploaded a phone-number import", fr: "Envoi d’un import de numéros", ar: "رفع ملف استيراد أرقام" },
  "number_imports.committed": { en: "Started a phone-number import", fr: "Lancement d’un import de numéros", ar: "بدء استيراد أرقام" },
  "number_imports.resumed": { en: "Resumed a phone-number import", fr: "Reprise d’un import de numéros", ar: "استئناف استيراد أرقام" },
  "number_imports.completed": { en: "Finished a phone-number import", fr: "Fin d’un import de numéros", ar: "انتهاء استيراد أرقام" },
  // Residential user wizard (issue 14): one entry per object a submission creates, plus undone attempts.
  "residential.draft_created": {
    en: "Started a residential sign-up",
    fr: "Début d’une inscription résidentielle",
    ar: "بدء تسجيل مشترك سكني",
  },
  "residential.subscriber_created": {
    en: "Signed up a residential subscriber",
    fr: "Inscription d’un abonné résidentiel",
    ar: "تسجيل مشترك سكني",
  },
  "residential.number_assigned": {
    en: "Assigned a number to a subscriber",
    fr: "Attribution d’un numéro à un abonné",
    ar: "تخصيص رقم لمشترك",
  },
  "residential.e911_created": {
    en: "Set a subscriber’s E911 address",
    fr: "Définition de l’adresse E911 d’un abonné",
    ar: "تعيين عنوان الطوارئ E911 لمشترك",
  },
  "residential.porting_order_created": {
    en: "Started a port for a subscriber",
    fr: "Demande de portabilité pour un abonné",
    ar: "بدء نقل رقم لمشترك",
  },
  "residential.submission_undone": {
    en: "A residential sign-up failed and was undone",
    fr: "Échec et annulation d’une inscription résidentielle",
    ar: "فشل تسجيل مشترك سكني وتم التراجع عنه",
  },
} as const satisfies Record<string, Record<"en" | "fr" | "ar", string>>;

export type ActivityAction = keyof typeof ACTIVITY_TITLES;
export const ACTIVITY_ACTIONS = Object.keys(ACTIVITY_TITLES) as ActivityAction[];

export function activityTitles(locale: "en" | "fr" | "ar"): Record<ActivityAction, string> {
  return Object.fromEntries(ACTIVITY_ACTIONS.map((key) => [key, ACTIVITY_TITLES[key][locale]])) as Record<ActivityAction, string>;
}
