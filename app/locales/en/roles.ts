/** Messages the backend answers with under the `roles.` prefix (its 409/422 refusals). */
const roles = {
  lockout: "This change would leave nobody able to manage roles.",
  system: "System roles cannot be deleted, renamed or moved to another scope.",
  in_use: "This role is still assigned to users.",
} as const;

export default roles;
