import type en from "../en/loa";
import type { Translation } from "../types";

const loa: Translation<typeof en> = {
  heading: "Lettre d’autorisation",
  description:
    "Un PDF reprenant le titulaire du compte, les numéros et la date demandée de cette demande, avec les lignes de signature de la personne autorisée. Il est ajouté aux documents de la demande et à vos documents de marque ; le code PIN n’y figure jamais.",
  onlyEditable: "La lettre d’autorisation peut être générée tant que la demande est un brouillon ou en exception.",
  missing: "Complétez les champs suivants de la demande pour générer sa lettre d’autorisation : {{fields}}.",
  completeDetails: "Compléter les informations",
  language: "Langue de la lettre",
  languages: { organization: "La langue de l’organisation", en: "English", fr: "Français", ar: "العربية" },
  generate: "Générer la LOA",
  generating: "Génération…",
  generated: "Générée, à signer",
  toasts: {
    generated: "Lettre d’autorisation générée : elle figure dans les documents de la demande et dans les documents de marque.",
    incomplete: "La lettre a besoin des champs suivants de la demande : {{fields}}. Modifiez la demande, puis générez-la à nouveau.",
    failed: "La lettre d’autorisation n’a pas pu être générée : {{reason}}",
  },
};

export default loa;
