import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { requiredOr, tooLong } from "./schema";
import { LOCALES, USER_STATUSES } from "./types";

const base = {
  name: z
    .string(requiredOr(validationMessage("invalid")))
    .trim()
    .min(1, validationMessage("required"))
    .max(255, tooLong(255)),
  email: z.email(requiredOr(validationMessage("email"))).max(255, tooLong(255)),
  organization_id: z
    .number(requiredOr(validationMessage("in")))
    .int()
    .positive(validationMessage("in")),
  role_ids: z.array(z.number().int().positive(validationMessage("in"))).default([]),
  locale: z.enum(LOCALES, requiredOr(validationMessage("in"))),
};

/** `POST /api/users`: the user is invited and chooses a password later. */
export const addUserSchema = z.object(base);

/** `PUT /api/users/{id}`: the same, plus the status. */
export const editUserSchema = z.object({ ...base, status: z.enum(USER_STATUSES, requiredOr(validationMessage("in"))) });

export type UserFormValue = z.infer<typeof editUserSchema>;
