import admin from "./admin";
import auth from "./auth";
import common from "./common";
import dashboard from "./dashboard";
import devices from "./devices";
import documents from "./documents";
import e911 from "./e911";
import errors from "./errors";
import imports from "./imports";
import loa from "./loa";
import logs from "./logs";
import lookup from "./lookup";
import nav from "./nav";
import numbers from "./numbers";
import organizations from "./organizations";
import passwords from "./passwords";
import porting from "./porting";
import profile from "./profile";
import residential from "./residential";
import roles from "./roles";
import settings from "./settings";
import smtp from "./smtp";
import tts from "./tts";
import ui from "./ui";
import users from "./users";
import validation from "./validation";

export default {
  users,
  roles,
  organizations,
  admin,
  common,
  nav,
  errors,
  auth,
  passwords,
  ui,
  validation,
  dashboard,
  logs,
  profile,
  settings,
  numbers,
  tts,
  devices,
  smtp,
  documents,
  // E911 and porting tools.
  e911,
  lookup,
  porting,
  // Generated documents (issue 13: letter of authorization).
  loa,
  // Importing phone numbers (issue 10).
  imports,
  // Residential user wizard.
  residential,
};
