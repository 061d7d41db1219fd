/**
 * What a backend may offer beyond the core (users, organizations, roles, settings, activity log): the
 * telephony tools and the other optional areas. A backend lists those it offers in `GET /api/user` as
 * `capabilities` (docs/api.md, "Capabilities"); the portal then hides the menu entries and answers the
 * screens of the others with "not offered by this backend" (decision 040). A backend that sends no list
 * is taken to offer everything. The bundled backend offers all of them.
 */
export const CAPABILITIES = [
  "phone-numbers",
  "e911",
  "porting",
  "number-lookup",
  "tts",
  "devices",
  "residential",
  "branded-documents",
  "smtp-relay",
  "mail-log",
] as const;

export type Capability = (typeof CAPABILITIES)[number];
