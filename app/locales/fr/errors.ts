import type en from "../en/errors";
import type { Translation } from "../types";

const errors: Translation<typeof en> = {
  notFound: {
    title: "Page not found",
    code: "404",
    message: "We couldn't find the page you are looking for.",
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
  preloadFailed: "A part of the page failed to load. Reload the page to try again.",
  reload: "Reload",
};

export default errors;
