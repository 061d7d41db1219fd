/** Messages the backend answers with under the `users.` prefix (its 409/422 refusals). */
const users = {
  self_delete: "You cannot delete your own account.",
} as const;

export default users;
