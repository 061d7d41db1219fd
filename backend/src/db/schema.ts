/**
 * Every table of the bundled backend. Ids are integer autoincrement; every timestamp is ISO-8601 UTC text
 * ("2026-11-21T05:00:00.000Z"), which sorts and compares correctly as text.
 * backend/migrations/ (0001_init.sql, then 0002_...) create exactly these tables and indexes.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const ORGANIZATION_STATUSES = ["active", "suspended"] as const;
export const ORGANIZATION_TYPES = ["provider", "business", "residential"] as const;
export const USER_STATUSES = ["active", "disabled"] as const;
export const THEMES = ["light", "dark", "system"] as const;
export const LOCALES = ["en", "fr", "ar"] as const;
export const PHONE_NUMBER_STATUSES = ["available", "reserved", "in_service", "porting_in", "disconnected"] as const;
export const PHONE_NUMBER_TYPES = ["local", "toll_free", "mobile"] as const;
export const PORTING_ORDER_STATUSES = ["draft", "submitted", "foc_confirmed", "completed", "exception", "cancelled"] as const;
export const MAIL_STATUSES = ["queued", "sent", "failed", "not_sent"] as const;

export const organizations = sqliteTable(
  "organizations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    accountNumber: text("account_number").notNull().unique(),
    status: text("status", { enum: ORGANIZATION_STATUSES }).notNull().default("active"),
    type: text("type", { enum: ORGANIZATION_TYPES }).notNull().default("business"),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    /** E.164, e.g. +16125550100. */
    contactPhone: text("contact_phone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("US"),
    timezone: text("timezone").notNull().default("America/New_York"),
    defaultLocale: text("default_locale", { enum: LOCALES }).notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("organizations_name_idx").on(table.name), index("organizations_type_idx").on(table.type)],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    /** Always stored lower-cased. */
    email: text("email").notNull().unique(),
    /** Null while an invited user has not set a password yet. */
    passwordHash: text("password_hash"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("active"),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    theme: text("theme", { enum: THEMES }).notNull().default("system"),
    themePrimaryColor: text("theme_primary_color").notNull().default("#7367F0"),
    themeSemiDarkMenu: integer("theme_semi_dark_menu", { mode: "boolean" }).notNull().default(false),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("users_organization_idx").on(table.organizationId),
    index("users_name_idx").on(table.name),
    index("users_created_at_idx").on(table.createdAt),
  ],
);

export const roles = sqliteTable("roles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  isSystem: integer("is_system", { mode: "boolean" }).notNull().default(false),
  scope: text("scope", { enum: ["provider", "organization"] })
    .notNull()
    .default("organization"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = sqliteTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permission] })],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index("user_roles_role_idx").on(table.roleId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** 40 random characters; the value of the HttpOnly session cookie. */
    id: text("id").primaryKey(),
    /** The effective user (the masqueraded one while masquerading); null for a guest session. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The real user while masquerading. */
    masqueraderId: integer("masquerader_id").references(() => users.id, { onDelete: "cascade" }),
    xsrfToken: text("xsrf_token").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    lastActivity: text("last_activity").notNull(),
    createdAt: createdAt(),
    /** JSON object for anything else (e.g. {"remember": true}). */
    payload: text("payload").notNull().default("{}"),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_last_activity_idx").on(table.lastActivity)],
);

export const passwordResetTokens = sqliteTable("password_reset_tokens", {
  email: text("email").primaryKey(),
  /** SHA-256 (hex) of the token e-mailed to the user; the token itself is never stored. */
  tokenHash: text("token_hash").notNull(),
  createdAt: createdAt(),
});

export const throttles = sqliteTable("throttles", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull().default(0),
  resetAt: text("reset_at").notNull(),
});

export const activityLog = sqliteTable(
  "activity_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id"),
    masqueraderId: integer("masquerader_id"),
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: integer("subject_id"),
    subjectLabel: text("subject_label"),
    organizationId: integer("organization_id"),
    /** JSON {field: {old, new}} with secrets redacted. */
    changes: text("changes"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [
    index("activity_log_created_at_idx").on(table.createdAt),
    index("activity_log_organization_created_at_idx").on(table.organizationId, table.createdAt),
    index("activity_log_actor_created_at_idx").on(table.actorId, table.createdAt),
    index("activity_log_action_created_at_idx").on(table.action, table.createdAt),
    index("activity_log_subject_idx").on(table.subjectType, table.subjectId),
    index("activity_log_organization_action_idx").on(table.organizationId, table.action, table.createdAt),
    index("activity_log_organization_subject_idx").on(table.organizationId, table.subjectType),
  ],
);

export const mailLog = sqliteTable(
  "mail_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    template: text("template").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    error: text("error"),
    html: text("html"),
    text: text("text"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    /** Which relay carried it: "platform" or "organization:<id>" (migration 0007). */
    relay: text("relay"),
    /** The SMTP server's last reply, e.g. "250 2.0.0 Ok: queued as …" or "535 5.7.8 Authentication failed". */
    smtpReply: text("smtp_reply"),
    attempts: integer("attempts").notNull().default(0),
  },
  (table) => [
    index("mail_log_created_at_idx").on(table.createdAt),
    index("mail_log_organization_created_at_idx").on(table.organizationId, table.createdAt),
    index("mail_log_status_idx").on(table.status),
    index("mail_log_template_idx").on(table.template),
  ],
);

/** One row per setting; value is JSON. Defaults live in lib/settings.ts, so a missing row means "default". */
export const systemSettings = sqliteTable("system_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

export const phoneNumbers = sqliteTable(
  "phone_numbers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    e164: text("e164").notNull().unique(),
    organizationId: integer("organization_id").references(() => organizations.id),
    status: text("status", { enum: PHONE_NUMBER_STATUSES }).notNull().default("available"),
    type: text("type", { enum: PHONE_NUMBER_TYPES }).notNull().default("local"),
    /** Links the E911 address table a later migration adds. */
    e911AddressId: integer("e911_address_id"),
    label: text("label"),
    cnam: text("cnam"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("phone_numbers_organization_status_idx").on(table.organizationId, table.status),
    index("phone_numbers_status_idx").on(table.status),
  ],
);

export const portingOrders = sqliteTable(
  "porting_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    status: text("status", { enum: PORTING_ORDER_STATUSES }).notNull().default("draft"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("porting_orders_organization_status_idx").on(table.organizationId, table.status)],
);

export const schema = {
  organizations,
  users,
  roles,
  rolePermissions,
  userRoles,
  sessions,
  passwordResetTokens,
  throttles,
  activityLog,
  mailLog,
  systemSettings,
  phoneNumbers,
  portingOrders,
};

// ---------------------------------------------------------------------------------------------------------
// SMTP relays and branded documents (issue 13, migration 0007)
// ---------------------------------------------------------------------------------------------------------

export const SMTP_ENCRYPTION_VALUES = ["none", "ssl", "starttls"] as const;

/** One relay per organization; `enabled` decides whether its members' mail goes through it. */
export const smtpRelays = sqliteTable("smtp_relays", {
  organizationId: integer("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  encryption: text("encryption", { enum: SMTP_ENCRYPTION_VALUES }).notNull().default("starttls"),
  auth: integer("auth", { mode: "boolean" }).notNull().default(true),
  username: text("username"),
  /** encryptSecret(APP_KEY, password); never returned by the API. */
  passwordEncrypted: text("password_encrypted"),
  fromAddress: text("from_address").notNull(),
  fromName: text("from_name"),
  replyTo: text("reply_to"),
  verifyCertificate: integer("verify_certificate", { mode: "boolean" }).notNull().default(true),
  updatedAt: updatedAt(),
});

export const DOCUMENT_KINDS = ["pdf", "png", "jpeg", "webp", "gif", "svg"] as const;

/** A branded file; `organization_id` null = provider-wide, visible to every organization. */
export const brandedDocuments = sqliteTable(
  "branded_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    objectKey: text("object_key").notNull(),
    version: integer("version").notNull().default(1),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploaderName: text("uploader_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("branded_documents_organization_updated_idx").on(table.organizationId, table.updatedAt),
    index("branded_documents_updated_idx").on(table.updatedAt),
  ],
);

/** Earlier versions of a replaced document, still downloadable. */
export const brandedDocumentVersions = sqliteTable(
  "branded_document_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: integer("document_id")
      .notNull()
      .references(() => brandedDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    objectKey: text("object_key").notNull(),
    uploaderName: text("uploader_name").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("branded_document_versions_document_idx").on(table.documentId, table.version)],
);
