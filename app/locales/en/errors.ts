const errors = {
  notFound: {
    title: "Page not found",
    code: "404",
    message: "We couldn't find the page you are looking for.",
    upstreamMessage: "The service has nothing at this address: the record may have been deleted, or this tool is not available on it.",
  },
  notOffered: {
    title: "Not available here",
    message: "This tool is not offered by the service this portal is connected to. Ask your administrator if you expected it.",
  },
  notAuthorized: {
    title: "You are not authorized!",
    code: "401",
    message: "You don't have permission to access this page.",
  },
  serverError: {
    title: "Internal server error",
    code: "500",
    message: "Oops, something went wrong. Please try again later.",
  },
  generic: {
    title: "Something went wrong",
    message: "The request could not be completed ({{status}}).",
  },
  backToHome: "Back to home",
  signIn: "Sign in",
  unavailable: {
    title: "Service unavailable",
    message: "The service is not answering right now. You are still signed in: try again in a moment.",
  },
  throttled: {
    title: "Too many requests",
    message: "Please slow down: try again in {{seconds}} s. You are still signed in.",
  },
  upstream: {
    formUnavailable: "The service is not answering right now, so nothing was saved. Your entries are kept: try again in a moment.",
    formThrottled: "Too many requests: nothing was saved. Wait {{seconds}} s, then try again; your entries are kept.",
  },
  kept: {
    title: "What you typed",
    message: "Nothing was saved. Your entries are kept here: send them again once the service answers.",
    omitted: "Passwords, PINs and files are not kept: open the form again to give them.",
    sendAgain: "Send again",
  },
  tryAgain: "Try again",
  preloadFailed: "A part of the page failed to load. Reload the page to try again.",
  reload: "Reload",
} as const;

export default errors;
