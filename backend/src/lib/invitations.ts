import type { Context } from "hono";
import type { Db } from "../db/client";
import type { AppEnv } from "./context";
import { invitationMail } from "./mail-templates";
import { createMailer, type MailEnv } from "./mailer";
import { issuePasswordSetupLink } from "./password-tokens";
import { getSettings } from "./settings";

export interface Invitee {
  name: string;
  email: string;
  organizationId: number;
  locale: "en" | "fr" | "ar";
}

/**
 * The invitation e-mail of a new user (no password yet): a password-setup link from the reset-token store, in
 * the user's language, through the mail path (mail log + queue). Used by user administration and the
 * residential wizard.
 */
export async function sendInvitation(c: Context<AppEnv>, user: Invitee, inviter: string): Promise<void> {
  await sendInvitationWith(c.get("db"), c.env, user, inviter);
}

/** `sendInvitation` outside a request (the residential wizard's submission finished by the carrier queue). */
export async function sendInvitationWith(db: Db, env: MailEnv & { APP_URL: string }, user: Invitee, inviter: string): Promise<void> {
  const settings = await getSettings(db);
  const link = await issuePasswordSetupLink(db, env.APP_URL, user.email);
  const mail = invitationMail({ portalName: settings.portal_name, name: user.name, inviter, url: link.url, locale: user.locale });
  await createMailer({ db, env }).send({
    to: user.email,
    template: "invitation",
    organization_id: user.organizationId,
    secrets: [link.token],
    ...mail,
  });
}
