/** Messages the backend answers with under the `users.` prefix (its 409/422 refusals). */
const users = {
  self_delete: "You cannot delete your own account.",
  two_factor_not_enabled: "This user has no second factor to reset.",
} as const;

export default users;
