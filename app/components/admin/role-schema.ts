import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { PERMISSIONS } from "../../../common/permissions";
import { requiredOr, tooLong } from "./schema";
import { ROLE_SCOPES } from "./types";

/** `POST /api/roles` and `PUT /api/roles/{id}` (after `expandMatrixFormData`). */
export const roleSchema = z.object({
  name: z
    .string(requiredOr(validationMessage("invalid")))
    .check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(100, tooLong(100))),
  description: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(500, tooLong(500)))),
    z.transform((value) => value ?? ""),
  ),
  scope: z.enum(ROLE_SCOPES, requiredOr(validationMessage("in"))),
  permissions: z._default(z.array(z.enum(PERMISSIONS, validationMessage("in"))), []),
});
