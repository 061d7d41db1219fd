import type { Context } from "hono";
import type { AppEnv } from "./context";
import { invitationMail } from "./mail-templates";
import { mailerFor } from "./mailer";
import { issuePasswordSetupLink } from "./password-tokens";
import { getSettings } from "./settings";

/**
 * The invitation e-mail of a new user (no password yet): a password-setup link from the reset-token store, in
 * the user's language, through the mail path (mail log + relay). Used by user administration and the
 * residential wizard.
 */
export async function sendInvitation(
  c: Context<AppEnv>,
  user: { name: string; email: string; organizationId: number; locale: "en" | "fr" | "ar" },
  inviter: string,
): Promise<void> {
  const db = c.get("db");
  const settings = await getSettings(db);
  const link = await issuePasswordSetupLink(db, c.env.APP_URL, user.email);
  const mail = invitationMail({ portalName: settings.portal_name, name: user.name, inviter, url: link.url, locale: user.locale });
  await mailerFor(c).send({
    to: user.email,
    template: "invitation",
    organization_id: user.organizationId,
    secrets: [link.token],
    ...mail,
  });
}
