/** The E911 list's sorts and filter values (its loader, its filter controls, the bulk address page). */
export const E911_SORTS = ["e164", "e911_status", "validation_status", "city", "updated_at"];
export const E911_STATUSES = ["pending", "provisioned", "failed", "removed"] as const;
export const VALIDATION_STATUSES = ["unvalidated", "valid", "invalid", "suggested"] as const;
