/** Password-reset answers, keyed like Laravel's `passwords` language file (the backend sends these keys). */
const passwords = {
  sent: "If an account exists for that address, we have sent a link to set a new password.",
  reset: "Your password has been set.",
  updated: "Your password has been changed.",
  token: "This password link is invalid or has expired.",
  user: "We can't find a user with that email address.",
  throttled: "Please wait before retrying.",
} as const;

export default passwords;
