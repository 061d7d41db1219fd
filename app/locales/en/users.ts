/** Messages the backend answers with under the `users.` prefix (its 409/422 refusals). */
const users = {
  self_delete: "You cannot delete your own account.",
  two_factor_not_enabled: "This user has no second factor to reset.",
  bulk: {
    already_disabled: "already deactivated",
    disabled: "deactivated",
    has_password: "has already set a password",
    more_privileged: "holds permissions you do not have",
  },
} as const;

export default users;
