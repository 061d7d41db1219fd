import type en from "../en/validation";

const validation: typeof en = {
  required: "Ce champ est obligatoire.",
  invalid: "Cette valeur n’est pas valide.",
  email: "Saisissez une adresse e-mail valide.",
  url: "Saisissez une URL valide.",
  phone: "Saisissez un numéro de téléphone valide.",
  number: "Saisissez un nombre.",
  integer: "Saisissez un nombre entier.",
  color: "Saisissez une couleur hexadécimale, par exemple #7367F0.",
  date: "Saisissez une date valide.",
  boolean: "Choisissez oui ou non.",
  in: "Choisissez l’une des options proposées.",
  too_short: "Saisissez au moins {{min}} caractères.",
  too_long: "Saisissez au plus {{max}} caractères.",
  min: "Saisissez une valeur d’au moins {{min}}.",
  max: "Saisissez une valeur d’au plus {{max}}.",
  min_items: "Sélectionnez-en au moins {{min}}.",
  max_items: "Sélectionnez-en au plus {{max}}.",
  confirmed: "La confirmation ne correspond pas.",
  taken: "Cette valeur est déjà utilisée.",
  password: "Utilisez au moins 8 caractères avec des lettres et des chiffres.",
  current_password: "Le mot de passe actuel est incorrect.",
  file: "Choisissez un fichier.",
  file_too_large: "Le fichier ne doit pas dépasser {{max}} Mo.",
  file_type: "Ce type de fichier n’est pas autorisé.",
  too_many: "Trop de tentatives. Réessayez dans {{seconds}} secondes.",
};

export default validation;
