import { describe, expect, it } from "vitest";
import { contrast, primaryPalette } from "~/lib/color";
import { DEFAULT_PRIMARY_COLOR } from "~/lib/preferences";
import { invitationMail, MAIL_BUTTON_FILL, passwordResetMail } from "../../../backend/src/lib/mail-templates";

describe("e-mail action buttons", () => {
  it("use the portal's accessible fill of the default colour, on which white text reaches AA", () => {
    expect(MAIL_BUTTON_FILL).toBe(primaryPalette(DEFAULT_PRIMARY_COLOR).fill);
    expect(contrast(MAIL_BUTTON_FILL, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
  });

  it("are drawn with that fill in every mail", () => {
    const mails = [
      passwordResetMail({ portalName: "AMP", name: "Riley", url: "https://amp.test/password-setup?token=x", locale: "en" }),
      invitationMail({ portalName: "AMP", name: "Riley", inviter: "Sam", url: "https://amp.test/password-setup?token=y", locale: "ar" }),
    ];
    for (const mail of mails) expect(mail.html).toContain(`background:${MAIL_BUTTON_FILL};color:#fff`);
    expect(mails[1].html).toContain('dir="rtl"');
  });
});
