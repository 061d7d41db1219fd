// The add-device form's schema: its own module, loaded by the page when the form is first focused
// (`useSchemaForm`, decision 063) and imported by the action and loader on the server.
import { requiredOr, tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { normalizeMac } from "../../../common/devices";

/** The add-device form; the backend normalises and checks the MAC again. */
export const deviceSchema = z.object({
  mac: z.string(requiredOr(validationMessage("invalid"))).check(
    z.trim(),
    z.minLength(1),
    z.maxLength(40, tooLong(40)),
    // Checked here too (the backend checks again) so that a form missing its organization reports both.
    z.refine((mac) => normalizeMac(mac) !== null, "devices.mac_invalid"),
  ),
  vendor: z.string(requiredOr(validationMessage("invalid"))).check(z.trim(), z.minLength(1), z.maxLength(100, tooLong(100))),
  model: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(100, tooLong(100)))),
    z.transform((value) => value || null),
  ),
  organization_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
