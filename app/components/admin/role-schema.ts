import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { PERMISSIONS } from "../../../common/permissions";
import { requiredOr, tooLong } from "./schema";
import { ROLE_SCOPES } from "./types";

/** `POST /api/roles` and `PUT /api/roles/{id}` (after `expandMatrixFormData`). */
export const roleSchema = z.object({
  name: z
    .string(requiredOr(validationMessage("invalid")))
    .trim()
    .min(1, validationMessage("required"))
    .max(100, tooLong(100)),
  description: z
    .string()
    .trim()
    .max(500, tooLong(500))
    .optional()
    .transform((value) => value ?? ""),
  scope: z.enum(ROLE_SCOPES, requiredOr(validationMessage("in"))),
  permissions: z.array(z.enum(PERMISSIONS, validationMessage("in"))).default([]),
});
