import auth from "./auth";
import common from "./common";
import errors from "./errors";
import nav from "./nav";

export default { common, nav, errors, auth };
