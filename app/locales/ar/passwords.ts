import type en from "../en/passwords";
import type { Translation } from "../types";

/** Password-reset answers, keyed like Laravel's `passwords` language file (the backend sends these keys). */
const passwords: Translation<typeof en> = {
  sent: "If an account exists for that address, we have sent a link to set a new password.",
  reset: "Your password has been set.",
  token: "This password link is invalid or has expired.",
  user: "We can't find a user with that email address.",
  throttled: "Please wait before retrying.",
};

export default passwords;
