/** Transactional e-mails in the recipient's language. Each returns the subject and both bodies. */
type Locale = "en" | "fr" | "ar";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The action button's fill: the portal's accessible shade of its default primary colour
 * (`primaryPalette("#7367F0").fill`), on which white text reaches WCAG AA; #7367F0 itself gives 4.26:1.
 */
export const MAIL_BUTTON_FILL = "#6D62E4";

/** One e-mail's HTML: a greeting, the message, one action button and a closing note. */
function mailHtml(locale: Locale, copy: { greeting: string; body: string; action: string; url: string; note: string }): string {
  const direction = locale === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${direction}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(copy.greeting)}</p>
<p>${escapeHtml(copy.body)}</p>
<p><a href="${escapeHtml(copy.url)}" style="display:inline-block;padding:10px 16px;background:${MAIL_BUTTON_FILL};color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p style="color:#666">${escapeHtml(copy.note)}</p>
</body></html>`;
}

const PASSWORD_RESET = {
  en: {
    subject: (portal: string) => `${portal}: reset your password`,
    greeting: (name: string) => `Hello ${name},`,
    body: "We received a request to reset the password of your account. Use the link below within 60 minutes.",
    action: "Set a new password",
    ignore: "If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
  },
  fr: {
    subject: (portal: string) => `${portal} : réinitialisez votre mot de passe`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Utilisez le lien ci-dessous dans les 60 minutes.",
    action: "Choisir un nouveau mot de passe",
    ignore: "Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.",
  },
  ar: {
    subject: (portal: string) => `${portal}: إعادة تعيين كلمة المرور`,
    greeting: (name: string) => `مرحبًا ${name}،`,
    body: "تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك. استخدم الرابط أدناه خلال 60 دقيقة.",
    action: "تعيين كلمة مرور جديدة",
    ignore: "إذا لم تطلب ذلك فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.",
  },
} satisfies Record<Locale, unknown>;

export function passwordResetMail(options: { portalName: string; name: string; url: string; locale: Locale }): RenderedMail {
  const copy = PASSWORD_RESET[options.locale];
  const text = [copy.greeting(options.name), "", copy.body, "", `${copy.action}: ${options.url}`, "", copy.ignore].join("\n");
  const html = mailHtml(options.locale, {
    greeting: copy.greeting(options.name),
    body: copy.body,
    action: copy.action,
    url: options.url,
    note: copy.ignore,
  });
  return { subject: copy.subject(options.portalName), html, text };
}

const INVITATION = {
  en: {
    subject: (portal: string) => `You are invited to ${portal}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (portal: string, inviter: string) => `${inviter} created an account for you on ${portal}. Choose your password to sign in.`,
    action: "Set your password",
    expiry: "The link is valid for 7 days; after that, use “Forgot password” on the sign-in page.",
  },
  fr: {
    subject: (portal: string) => `Vous êtes invité sur ${portal}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (portal: string, inviter: string) =>
      `${inviter} vous a créé un compte sur ${portal}. Choisissez votre mot de passe pour vous connecter.`,
    action: "Choisir mon mot de passe",
    expiry: "Le lien est valable 7 jours ; ensuite, utilisez « Mot de passe oublié » sur la page de connexion.",
  },
  ar: {
    subject: (portal: string) => `دعوة للانضمام إلى ${portal}`,
    greeting: (name: string) => `مرحبًا ${name}،`,
    body: (portal: string, inviter: string) => `أنشأ ${inviter} حسابًا لك على ${portal}. اختر كلمة المرور لتسجيل الدخول.`,
    action: "تعيين كلمة المرور",
    expiry: "الرابط صالح لمدة 7 أيام؛ بعد ذلك استخدم «نسيت كلمة المرور» في صفحة تسجيل الدخول.",
  },
} satisfies Record<Locale, unknown>;

export function invitationMail(options: { portalName: string; name: string; inviter: string; url: string; locale: Locale }): RenderedMail {
  const copy = INVITATION[options.locale];
  const body = copy.body(options.portalName, options.inviter);
  const text = [copy.greeting(options.name), "", body, "", `${copy.action}: ${options.url}`, "", copy.expiry].join("\n");
  const html = mailHtml(options.locale, {
    greeting: copy.greeting(options.name),
    body,
    action: copy.action,
    url: options.url,
    note: copy.expiry,
  });
  return { subject: copy.subject(options.portalName), html, text };
}

const TWO_FACTOR_RESET = {
  en: {
    subject: (portal: string) => `${portal}: your two-factor sign-in was reset`,
    greeting: (name: string) => `Hello ${name},`,
    body: (admin: string) =>
      `${admin}, an administrator, turned off the two-factor sign-in of your account. You now sign in with your password alone; set up a new authenticator from your profile's Security tab.`,
    action: "Open the Security tab",
    note: "If you did not ask for this, tell your administrator at once and change your password.",
  },
  fr: {
    subject: (portal: string) => `${portal} : votre connexion en deux étapes a été réinitialisée`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (admin: string) =>
      `${admin}, administrateur, a désactivé la connexion en deux étapes de votre compte. Vous vous connectez désormais avec votre seul mot de passe ; configurez une nouvelle application d’authentification depuis l’onglet Sécurité de votre profil.`,
    action: "Ouvrir l’onglet Sécurité",
    note: "Si vous n’avez rien demandé, prévenez aussitôt votre administrateur et changez votre mot de passe.",
  },
  ar: {
    subject: (portal: string) => `${portal}: أُعيد تعيين تسجيل الدخول بخطوتين`,
    greeting: (name: string) => `مرحبًا ${name}،`,
    body: (admin: string) =>
      `أوقف المسؤول ${admin} تسجيل الدخول بخطوتين لحسابك. ستسجّل الدخول الآن بكلمة المرور وحدها؛ أعِدّ تطبيق مصادقة جديدًا من تبويب الأمان في ملفك الشخصي.`,
    action: "فتح تبويب الأمان",
    note: "إذا لم تطلب ذلك فأبلغ المسؤول فورًا وغيّر كلمة مرورك.",
  },
} satisfies Record<Locale, unknown>;

export function twoFactorResetMail(options: {
  portalName: string;
  name: string;
  admin: string;
  url: string;
  locale: Locale;
}): RenderedMail {
  const copy = TWO_FACTOR_RESET[options.locale];
  const body = copy.body(options.admin);
  const text = [copy.greeting(options.name), "", body, "", `${copy.action}: ${options.url}`, "", copy.note].join("\n");
  const html = mailHtml(options.locale, {
    greeting: copy.greeting(options.name),
    body,
    action: copy.action,
    url: options.url,
    note: copy.note,
  });
  return { subject: copy.subject(options.portalName), html, text };
}
