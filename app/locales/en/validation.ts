const validation = {
  required: "This field is required.",
  invalid: "This value is not valid.",
  email: "Enter a valid email address.",
  url: "Enter a valid URL.",
  phone: "Enter a valid phone number.",
  number: "Enter a number.",
  integer: "Enter a whole number.",
  color: "Enter a hex colour such as #7367F0.",
  date: "Enter a valid date.",
  boolean: "Choose yes or no.",
  in: "Choose one of the available options.",
  too_short: "Enter at least {{min}} characters.",
  too_long: "Enter at most {{max}} characters.",
  min: "Enter a value of at least {{min}}.",
  max: "Enter a value of at most {{max}}.",
  min_items: "Select at least {{min}}.",
  max_items: "Select at most {{max}}.",
  confirmed: "The confirmation does not match.",
  taken: "This value is already taken.",
  password: "Use at least 8 characters with letters and numbers.",
  current_password: "The current password is incorrect.",
  file: "Choose a file.",
  file_too_large: "The file must not be larger than {{max}} MB.",
  file_type: "This file type is not allowed.",
  too_many: "Too many attempts. Try again in {{seconds}} seconds.",
};

export type ValidationKey = keyof typeof validation;

export default validation;
