/** Messages the backend answers with under the `organizations.` prefix (its 409/422 refusals). */
const organizations = {
  has_dependents: "This organization still has users, phone numbers or porting orders.",
} as const;

export default organizations;
