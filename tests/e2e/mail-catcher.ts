/**
 * The local mail catcher the e2e server starts (scripts/mail-catcher.mjs) and points the platform relay at.
 * Tests read delivered mail over its JSON endpoint. Ports: MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_WEB_PORT
 * (default 1025 / 1080), the same variables the e2e server reads.
 */
import { expect } from "./support";

export const CATCHER_SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025);
const CATCHER_WEB = `http://127.0.0.1:${process.env.MAIL_CATCHER_WEB_PORT ?? 1080}`;

export interface CaughtMessage {
  id: number;
  envelope_from: string;
  envelope_to: string[];
  from: string;
  to: string[];
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
}

/** Messages delivered to `address`, newest first (with their bodies). */
export async function messagesTo(address: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${CATCHER_WEB}/api/messages?to=${encodeURIComponent(address)}`);
  const list = (await response.json()) as { id: number }[];
  return Promise.all(list.map(async ({ id }) => (await (await fetch(`${CATCHER_WEB}/api/messages/${id}`)).json()) as CaughtMessage));
}

/** The id of the newest message to `address` so far (0 when none): `after` for the next `waitForMessageTo`. */
export async function newestMessageId(address: string): Promise<number> {
  return (await messagesTo(address))[0]?.id ?? 0;
}

/**
 * Waits until a message to `address` newer than the message `after` arrives (delivery runs after the
 * response) and returns the newest.
 */
export async function waitForMessageTo(address: string, after = 0): Promise<CaughtMessage> {
  let newest: CaughtMessage | undefined;
  await expect
    .poll(
      async () => {
        newest = (await messagesTo(address))[0];
        return newest !== undefined && newest.id > after;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return newest as CaughtMessage;
}

/** The password-setup link of a delivered message, as a path: the mail points at APP_URL, the test browses the server under test. */
export function passwordSetupPath(message: CaughtMessage): string {
  const link = message.text.match(/https?:\/\/\S+\/password-setup\?\S+/)?.[0];
  if (!link) throw new Error(`no password-setup link in "${message.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
