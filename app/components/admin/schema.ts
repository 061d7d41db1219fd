import { validationMessage } from "~/lib/validation-message";

/**
 * Building blocks of the administration schemas. Messages are keys (see `~/lib/validation-message`);
 * Conform turns empty fields into `undefined`, which these report as "required".
 */
export const REQUIRED = validationMessage("required");

/** "Required" when the field is missing, `otherwise` for any other problem. */
export function requiredOr(otherwise: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : otherwise),
  };
}

export const tooLong = (max: number) => validationMessage("too_long", { max });
