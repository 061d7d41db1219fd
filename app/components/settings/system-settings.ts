// The system settings' ranges and choices, shown by the page and checked by its schema.

export const PASSWORD_MIN = { min: 8, max: 64 } as const;
export const TWO_FACTOR_POLICIES = ["off", "staff", "everyone"] as const;
export const IDLE_MINUTES = { min: 5, max: 1440 } as const;
