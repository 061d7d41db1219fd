/** Generated documents: the letter of authorization of a porting order, and the language of generated letters. */
const loa = {
  heading: "Letter of authorization",
  description:
    "A PDF of this order's account holder, numbers and requested date, with lines for the authorized person's signature. It is added to the order's documents and to your branded documents; the PIN is never printed.",
  onlyEditable: "A letter of authorization can be generated while the order is a draft or in exception.",
  missing: "Complete the order's {{fields}} to generate its letter of authorization.",
  completeDetails: "Complete the details",
  language: "Language of the letter",
  languages: { organization: "The organization's language", en: "English", fr: "Français", ar: "العربية" },
  generate: "Generate LOA",
  generating: "Generating…",
  generated: "Generated, to be signed",
  toasts: {
    generated: "Letter of authorization generated: it is in the order's documents and in branded documents.",
    incomplete: "The letter needs the order's {{fields}}. Edit the order, then generate it again.",
    failed: "The letter of authorization could not be generated: {{reason}}",
  },
} as const;

export default loa;
