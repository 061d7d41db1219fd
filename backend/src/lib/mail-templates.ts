/** Transactional e-mails in the recipient's language. Each returns the subject and both bodies. */
type Locale = "en" | "fr" | "ar";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface RenderedMail {
  subject: string;
  html: string;
  text: string;
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
  const direction = options.locale === "ar" ? "rtl" : "ltr";
  const text = [copy.greeting(options.name), "", copy.body, "", `${copy.action}: ${options.url}`, "", copy.ignore].join("\n");
  const html = `<!doctype html><html lang="${options.locale}" dir="${direction}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(copy.greeting(options.name))}</p>
<p>${escapeHtml(copy.body)}</p>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;padding:10px 16px;background:#7367F0;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p style="color:#666">${escapeHtml(copy.ignore)}</p>
</body></html>`;
  return { subject: copy.subject(options.portalName), html, text };
}
