import auth from "./auth";
import common from "./common";
import errors from "./errors";
import nav from "./nav";
import passwords from "./passwords";
import ui from "./ui";
import validation from "./validation";

export default { common, nav, errors, auth, passwords, ui, validation };
