import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { requiredOr, tooLong } from "./schema";
import { LOCALES, USER_STATUSES } from "./types";

const base = {
  name: z
    .string(requiredOr(validationMessage("invalid")))
    .check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(255, tooLong(255))),
  email: z.email(requiredOr(validationMessage("email"))).check(z.maxLength(255, tooLong(255))),
  organization_id: z.int(requiredOr(validationMessage("in"))).check(z.positive(validationMessage("in"))),
  role_ids: z._default(z.array(z.int().check(z.positive(validationMessage("in")))), []),
  locale: z.enum(LOCALES, requiredOr(validationMessage("in"))),
};

/** `POST /api/users`: the user is invited and chooses a password later. */
export const addUserSchema = z.object(base);

/** `PUT /api/users/{id}`: the same, plus the status. */
export const editUserSchema = z.object({ ...base, status: z.enum(USER_STATUSES, requiredOr(validationMessage("in"))) });

export type UserFormValue = z.infer<typeof editUserSchema>;
