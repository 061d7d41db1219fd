/**
 * Every table of the bundled backend. Ids are integer autoincrement; every timestamp is ISO-8601 UTC text
 * ("2026-11-21T05:00:00.000Z"), which sorts and compares correctly as text.
 * backend/migrations/ (0001_init.sql, then 0002_...) create exactly these tables and indexes.
 */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const ORGANIZATION_STATUSES = ["active", "suspended"] as const;
export const ORGANIZATION_TYPES = ["provider", "business", "residential"] as const;
export const USER_STATUSES = ["active", "disabled"] as const;
export const THEMES = ["light", "dark", "system"] as const;
export const LOCALES = ["en", "fr", "ar"] as const;
export const PHONE_NUMBER_STATUSES = ["available", "reserved", "in_service", "porting_in", "disconnected"] as const;
export const PHONE_NUMBER_TYPES = ["local", "toll_free", "mobile"] as const;
export const E911_PROVISIONING_STATUSES = ["pending", "provisioned", "failed", "removed"] as const;
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
    /** E.164 mobile or contact phone; asked by the residential wizard (migration 0010). */
    contactPhone: text("contact_phone"),
    /** The TOTP secret (base32), encryptSecret(APP_KEY, …); never returned by the API (migration 0015). */
    twoFactorSecret: text("two_factor_secret"),
    /** JSON array of the SHA-256 hex digests of the unused recovery codes. */
    twoFactorRecoveryCodes: text("two_factor_recovery_codes"),
    /** Set when a code confirmed the enrolment; until then the secret does not guard the sign-in. */
    twoFactorConfirmedAt: text("two_factor_confirmed_at"),
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
    /** Where the browser was when the session was last seen (Cloudflare's request data, via the portal). */
    city: text("city"),
    country: text("country"),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId),
    index("sessions_last_activity_idx").on(table.lastActivity),
    index("sessions_masquerader_idx").on(table.masqueraderId),
  ],
);

/** Sanctum's personal access tokens (migration 0015): `id|secret` is shown once; only the secret's SHA-256 is kept. */
export const personalAccessTokens = sqliteTable(
  "personal_access_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 hex of the secret. */
    token: text("token").notNull().unique("personal_access_tokens_token_unique"),
    /** JSON array of permission keys, a subset of the owner's when created. */
    abilities: text("abilities").notNull().default("[]"),
    lastUsedAt: text("last_used_at"),
    expiresAt: text("expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("personal_access_tokens_user_idx").on(table.userId)],
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
    /** The personal access token the change was made with (migration 0015); null for a session. */
    tokenId: integer("token_id"),
    tokenName: text("token_name"),
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
    /**
     * The message as the relay receives it (real links), encrypted with APP_KEY; cleared once sent, kept for
     * "Retry" otherwise (migration 0016, decision 031). `html`/`text` above are the redacted copy.
     */
    messageEncrypted: text("message_encrypted"),
    /** When the row may next be claimed for sending: a claim's lease or the next retry; null = at once. */
    notBefore: text("not_before"),
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

/** The E911 list's rows (migration 0013's partial indexes): an organization's numbers, not disconnected. */
const E911_LIST_ROWS = sql`organization_id IS NOT NULL AND status <> 'disconnected'`;
/** Its "without E911" view: no address, or not provisioned. */
const E911_WITHOUT_ROWS = sql`organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned')`;

export const phoneNumbers = sqliteTable(
  "phone_numbers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** E.164; its digits after "+" are what the list's search matches, whatever formatting was typed. */
    e164: text("e164").notNull().unique(),
    /** Null for the provider's unassigned stock. */
    organizationId: integer("organization_id").references(() => organizations.id),
    status: text("status", { enum: PHONE_NUMBER_STATUSES }).notNull().default("available"),
    type: text("type", { enum: PHONE_NUMBER_TYPES }).notNull().default("local"),
    // Columns from here to e911Error: migration 0005 (phone numbers and their carrier).
    /** The carrier module holding the number (`CARRIER`), e.g. "sandbox". */
    carrier: text("carrier").notNull().default("sandbox"),
    country: text("country").notNull().default("US"),
    rateCenter: text("rate_center"),
    state: text("state"),
    lata: text("lata"),
    /** JSON array of CAPABILITIES (carriers/types.ts). */
    capabilities: text("capabilities").notNull().default('["voice"]'),
    e911AddressId: integer("e911_address_id").references(() => e911Addresses.id, { onDelete: "set null" }),
    /** Per-number E911 provisioning: null (never), pending, provisioned, failed, removed. */
    e911Status: text("e911_status", { enum: E911_PROVISIONING_STATUSES }),
    e911Error: text("e911_error"),
    /** The number order that brought the number in, if any. */
    orderId: integer("order_id").references(() => numberOrders.id, { onDelete: "set null" }),
    label: text("label"),
    /** Caller ID name, at most 15 characters. */
    cnam: text("cnam"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The import that created the number (migration 0009), for the list's `import` filter. */
    importId: integer("import_id").references((): AnySQLiteColumn => numberImports.id, { onDelete: "set null" }),
    // Columns from here on: migration 0013. Copies of the E911 address's city and validation status, kept by
    // triggers, so that the E911 list sorts and filters on this table's indexes alone (no join per page).
    e911City: text("e911_city"),
    e911ValidationStatus: text("e911_validation_status").$type<(typeof E911_VALIDATION_STATUSES)[number]>(),
    /** Migration 0018: "<ISO time>|<random>" while a release is with the carrier (lib/release.ts), else null. */
    releaseClaim: text("release_claim"),
    /** Migration 0020: the carrier's city of the number (its rate center's), for the search ("Seattle"). */
    city: text("city"),
  },
  (table) => [
    index("phone_numbers_import_idx").on(table.importId),
    index("phone_numbers_organization_status_idx").on(table.organizationId, table.status),
    index("phone_numbers_status_idx").on(table.status),
    index("phone_numbers_organization_created_at_idx").on(table.organizationId, table.createdAt),
    index("phone_numbers_created_at_idx").on(table.createdAt),
    // Migration 0022: with the list's row conditions and its default sort, so a search of the E911 list reads the
    // numbers of the addresses it found from the index alone.
    index("phone_numbers_e911_address_idx").on(table.e911AddressId, table.organizationId, table.status, table.e164),
    // Migration 0013: the E911 list's sorts, in all and per organization, over its rows only, and over the rows
    // of its "without E911" view only.
    ...(
      [
        ["e164", table.e164],
        ["status", table.e911Status],
        ["validation", table.e911ValidationStatus],
        ["city", table.e911City],
        ["updated_at", table.updatedAt],
      ] as const
    ).flatMap(([name, column]) =>
      (
        [
          ["list", E911_LIST_ROWS],
          ["without", E911_WITHOUT_ROWS],
        ] as const
      ).flatMap(([view, rows]) => [
        index(`phone_numbers_e911_${view}_${name}_idx`).on(column).where(rows),
        index(`phone_numbers_e911_${view}_organization_${name}_idx`).on(table.organizationId, column).where(rows),
      ]),
    ),
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
    // Columns from here to completedAt: migration 0008 (the porting tool). `numbers` is a JSON array of E.164
    // strings (at most 1,000); `pin_encrypted` is encryptSecret(APP_KEY, pin) and never leaves the backend;
    // `service_address` is a JSON ServiceAddress (lib/porting.ts).
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    numbers: text("numbers").notNull().default("[]"),
    entityName: text("entity_name").notNull().default(""),
    authorizedPerson: text("authorized_person").notNull().default(""),
    billingTelephoneNumber: text("billing_telephone_number").notNull().default(""),
    accountNumber: text("account_number").notNull().default(""),
    pinEncrypted: text("pin_encrypted"),
    serviceAddress: text("service_address"),
    partial: integer("partial", { mode: "boolean" }).notNull().default(false),
    requestedFocDate: text("requested_foc_date"),
    focDate: text("foc_date"),
    carrier: text("carrier").notNull().default("sandbox"),
    carrierPortId: text("carrier_port_id"),
    exceptionReason: text("exception_reason"),
    submittedAt: text("submitted_at"),
    completedAt: text("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Migration 0014 (carrier work happens once): the submission's idempotency key sent to the carrier, when
    // the carrier was last asked, and the carrier time of the newest webhook event applied.
    carrierRequestKey: text("carrier_request_key"),
    carrierCheckedAt: text("carrier_checked_at"),
    carrierEventAt: text("carrier_event_at"),
  },
  (table) => [
    index("porting_orders_organization_status_idx").on(table.organizationId, table.status),
    index("porting_orders_open_checked_idx").on(table.status, table.carrierCheckedAt),
  ],
);

// --- Phone numbers: ordering and the carrier (migration 0005) ---

export const E911_COUNTRIES = ["US", "CA", "PR"] as const;
export const E911_VALIDATION_STATUSES = ["unvalidated", "valid", "invalid", "suggested"] as const;
/** `draft` (wizard steps 1–3), then `submitted` while any number is pending, then one of the settled states. */
export const NUMBER_ORDER_STATUSES = ["draft", "submitted", "completed", "partially_failed", "failed"] as const;
/** `reserved` while the order is a draft; `pending → complete | failed` once submitted. */
export const NUMBER_ORDER_ITEM_STATUSES = ["reserved", "pending", "complete", "failed"] as const;

/** Emergency (E911) addresses, as product.md lists them; the E911 tool fills and validates them. */
export const e911Addresses = sqliteTable(
  "e911_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    callerName: text("caller_name").notNull(),
    houseNumber: text("house_number").notNull(),
    houseNumberSuffix: text("house_number_suffix"),
    preDirectional: text("pre_directional"),
    streetName: text("street_name").notNull(),
    streetSuffix: text("street_suffix"),
    postDirectional: text("post_directional"),
    unit: text("unit"),
    city: text("city").notNull(),
    /** Two letters. */
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    postalCodePlus4: text("postal_code_plus4"),
    country: text("country", { enum: E911_COUNTRIES }).notNull().default("US"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    validationStatus: text("validation_status", { enum: E911_VALIDATION_STATUSES }).notNull().default("unvalidated"),
    /** JSON address the carrier suggested (validation_status = suggested). */
    suggestion: text("suggestion"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("e911_addresses_organization_idx").on(table.organizationId, table.createdAt)],
);

/** A number order: the ordering wizard's draft (criteria, reservation, review) and, once submitted, the order. */
export const numberOrders = sqliteTable(
  "number_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: NUMBER_ORDER_STATUSES }).notNull().default("draft"),
    carrier: text("carrier").notNull(),
    /** JSON SearchCriteria (carriers/types.ts). */
    criteria: text("criteria").notNull(),
    reservationId: text("reservation_id"),
    reservationExpiresAt: text("reservation_expires_at"),
    label: text("label"),
    /** Free-text E911 note until the E911 tool makes addresses selectable. */
    e911Note: text("e911_note"),
    e911AddressId: integer("e911_address_id").references(() => e911Addresses.id, { onDelete: "set null" }),
    carrierOrderId: text("carrier_order_id"),
    monthlyTotalCents: integer("monthly_total_cents").notNull().default(0),
    oneTimeTotalCents: integer("one_time_total_cents").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    submittedAt: text("submitted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Migration 0014: when the carrier was last asked about the order, and the newest webhook event's time.
    carrierCheckedAt: text("carrier_checked_at"),
    carrierEventAt: text("carrier_event_at"),
  },
  (table) => [
    index("number_orders_organization_created_at_idx").on(table.organizationId, table.createdAt),
    index("number_orders_status_idx").on(table.status),
    index("number_orders_open_checked_idx").on(table.status, table.carrierCheckedAt),
  ],
);

export const numberOrderItems = sqliteTable(
  "number_order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => numberOrders.id, { onDelete: "cascade" }),
    e164: text("e164").notNull(),
    type: text("type", { enum: PHONE_NUMBER_TYPES }).notNull(),
    country: text("country").notNull(),
    state: text("state"),
    rateCenter: text("rate_center"),
    city: text("city"),
    lata: text("lata"),
    capabilities: text("capabilities").notNull(),
    monthlyCents: integer("monthly_cents").notNull(),
    oneTimeCents: integer("one_time_cents").notNull(),
    status: text("status", { enum: NUMBER_ORDER_ITEM_STATUSES }).notNull().default("reserved"),
    /** Message key (`carrier.*`) when failed. */
    failureReason: text("failure_reason"),
    /** The inventory row, set in the same batch that marks the item complete. */
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("number_order_items_order_e164_idx").on(table.orderId, table.e164),
    // Migration 0017: a number's page finds the orders it was in.
    index("number_order_items_e164_idx").on(table.e164),
  ],
);

/**
 * The sandbox carrier's own state (carriers/sandbox.ts): the numbers it holds for someone, reserved until
 * `expires_at` or ordered. Not AMP's inventory: a real carrier keeps this on its side.
 */
export const carrierSandboxNumbers = sqliteTable(
  "carrier_sandbox_numbers",
  {
    e164: text("e164").primaryKey(),
    status: text("status", { enum: ["reserved", "ordered"] }).notNull(),
    reservationId: text("reservation_id"),
    expiresAt: text("expires_at"),
    orderId: text("order_id"),
    orderedAt: text("ordered_at"),
  },
  (table) => [
    index("carrier_sandbox_numbers_reservation_idx").on(table.reservationId),
    index("carrier_sandbox_numbers_order_idx").on(table.orderId),
  ],
);

// ── Text-to-speech prompts and device overrides (issue 12) ──────────────────────────────────────────

export const TTS_STATUSES = ["draft", "rendering", "ready", "failed"] as const;
export const TTS_FORMATS = ["text", "ssml"] as const;
export const OVERRIDE_TYPES = ["string", "integer", "boolean"] as const;

/** A prompt; its audio lives in R2 under `audio_key`. `revision` grows on every change, so a late render of an older text is dropped. */
export const ttsPrompts = sqliteTable(
  "tts_prompts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    description: text("description"),
    text: text("text").notNull(),
    format: text("format", { enum: TTS_FORMATS }).notNull().default("text"),
    language: text("language").notNull(),
    voice: text("voice").notNull(),
    status: text("status", { enum: TTS_STATUSES }).notNull().default("draft"),
    error: text("error"),
    revision: integer("revision").notNull().default(1),
    audioKey: text("audio_key"),
    audioSize: integer("audio_size"),
    durationMs: integer("duration_ms"),
    renderedBy: integer("rendered_by").references(() => users.id, { onDelete: "set null" }),
    renderedAt: text("rendered_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("tts_prompts_organization_created_at_idx").on(table.organizationId, table.createdAt),
    index("tts_prompts_status_idx").on(table.status),
  ],
);

/** A desk phone or ATA; `mac` is 12 lowercase hex digits, unique across every organization. */
export const devices = sqliteTable(
  "devices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    mac: text("mac").notNull().unique("devices_mac_unique"),
    vendor: text("vendor").notNull(),
    model: text("model"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("devices_organization_idx").on(table.organizationId, table.mac), index("devices_vendor_idx").on(table.vendor)],
);

export const deviceOverrides = sqliteTable(
  "device_overrides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    key: text("key").notNull(),
    value: text("value").notNull(),
    type: text("type", { enum: OVERRIDE_TYPES }).notNull().default("string"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    description: text("description"),
  },
  (table) => [uniqueIndex("device_overrides_device_key_unique").on(table.deviceId, table.key)],
);

export const schema = {
  organizations,
  users,
  roles,
  rolePermissions,
  userRoles,
  sessions,
  personalAccessTokens,
  passwordResetTokens,
  throttles,
  activityLog,
  mailLog,
  systemSettings,
  phoneNumbers,
  portingOrders,
  e911Addresses,
  numberOrders,
  numberOrderItems,
  carrierSandboxNumbers,
  ttsPrompts,
  devices,
  deviceOverrides,
};

// --- Security (issue 7) ---------------------------------------------------------------------------------

/**
 * Local development and e2e only (MAIL_OUTBOX_DEV=1): the delivered e-mails with their real links, the
 * stand-in for a mail catcher. Never written in production; no route reads it.
 */
export const devMailOutbox = sqliteTable(
  "dev_mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    template: text("template").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("dev_mail_outbox_to_idx").on(table.to, table.id)],
);

// --- Lists at scale (migration 0004): counts kept by triggers, read instead of COUNT(*) -----------------

/** Rows per listed table, in all (organization_id 0) and per organization; kept by triggers. */
export const rowCounts = sqliteTable(
  "row_counts",
  {
    tableName: text("table_name").notNull(),
    organizationId: integer("organization_id").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.organizationId] })],
);

/** Activity entries per UTC day (YYYY-MM-DD) and organization (0 = all); kept by triggers. */
export const activityDailyCounts = sqliteTable(
  "activity_daily_counts",
  {
    organizationId: integer("organization_id").notNull(),
    day: text("day").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);

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
// --- E911 and porting tools (migration 0008) ---

export const PORTING_EVENT_TYPES = ["status", "comment"] as const;
export const PORTING_DOCUMENT_KINDS = ["loa", "bill"] as const;
/** An uploaded file, or the LOA the backend generated (migration 0011). */
export const PORTING_DOCUMENT_SOURCES = ["upload", "generated"] as const;

/** A port order's history: every status change (with the carrier's reason) and every comment. */
export const portingOrderEvents = sqliteTable(
  "porting_order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => portingOrders.id, { onDelete: "cascade" }),
    type: text("type", { enum: PORTING_EVENT_TYPES }).notNull(),
    fromStatus: text("from_status", { enum: PORTING_ORDER_STATUSES }),
    toStatus: text("to_status", { enum: PORTING_ORDER_STATUSES }),
    /** A comment's text, or the carrier's reason (message key) for an exception. */
    message: text("message"),
    /** Null when the carrier moved the order. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Migration 0014: `<carrier port id>:<status>` of a carrier step, unique: two readers never record it twice. */
    carrierStep: text("carrier_step"),
    /** Migration 0020: who was masquerading as the actor, if anyone (the history names both). */
    masqueraderId: integer("masquerader_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("porting_order_events_order_idx").on(table.orderId, table.createdAt),
    uniqueIndex("porting_order_events_carrier_step_idx").on(table.carrierStep),
  ],
);

/** LOA and latest bill uploads of a port order, in R2 under `porting/<order id>/<uuid>`. */
export const portingOrderDocuments = sqliteTable(
  "porting_order_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => portingOrders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PORTING_DOCUMENT_KINDS }).notNull(),
    r2Key: text("r2_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    source: text("source", { enum: PORTING_DOCUMENT_SOURCES }).notNull().default("upload"),
    createdAt: createdAt(),
  },
  (table) => [index("porting_order_documents_order_idx").on(table.orderId)],
);

/** The sandbox carrier's idempotency (migration 0014): one answer per client request key; null while being served. */
export const carrierSandboxRequests = sqliteTable("carrier_sandbox_requests", {
  requestKey: text("request_key").primaryKey(),
  result: text("result"),
  createdAt: text("created_at").notNull(),
});

/** Carrier webhooks (migration 0014): each event once, by the carrier's event id (lib/carrier-sync.ts). */
export const carrierEvents = sqliteTable(
  "carrier_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    carrier: text("carrier").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    carrierReference: text("carrier_reference"),
    occurredAt: text("occurred_at").notNull(),
    payload: text("payload").notNull(),
    receivedAt: text("received_at").notNull(),
    processedAt: text("processed_at"),
    error: text("error"),
  },
  (table) => [
    uniqueIndex("carrier_events_event_idx").on(table.carrier, table.eventId),
    index("carrier_events_unprocessed_idx").on(table.processedAt, table.receivedAt),
  ],
);

/** The sandbox carrier's port requests (carriers/sandbox.ts); their status is computed from `submitted_at`. */
export const carrierSandboxPorts = sqliteTable("carrier_sandbox_ports", {
  carrierPortId: text("carrier_port_id").primaryKey(),
  submittedAt: text("submitted_at").notNull(),
  focDate: text("foc_date").notNull(),
  exception: text("exception"),
  cancelledAt: text("cancelled_at"),
});

// --- Phone-number imports (issue 10, migration 0009) ---

export const NUMBER_IMPORT_STATUSES = ["validating", "validated", "queued", "running", "interrupted", "completed"] as const;

/** One uploaded file: the original in R2, the validation counts, the commit choice and the job's progress. */
export const numberImports = sqliteTable(
  "number_imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The uploader's organization: the import is listed to it (and to provider staff). */
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    fileName: text("file_name").notNull(),
    r2Key: text("r2_key").notNull(),
    size: integer("size").notNull(),
    delimiter: text("delimiter").notNull(),
    encoding: text("encoding").notNull(),
    /** JSON arrays: the recognised columns in file order, and the header names ignored. */
    columns: text("columns").notNull(),
    ignoredColumns: text("ignored_columns").notNull(),
    status: text("status", { enum: NUMBER_IMPORT_STATUSES }).notNull().default("validating"),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsValid: integer("rows_valid").notNull().default(0),
    rowsInvalid: integer("rows_invalid").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    existing: integer("existing").notNull().default(0),
    /** JSON [{organization_id, name, valid, existing}]: the preview's counts per organization. */
    organizationCounts: text("organization_counts").notNull().default("[]"),
    validationMs: integer("validation_ms").notNull().default(0),
    existingChoice: text("existing_choice", { enum: ["skip", "update"] }),
    committedBy: integer("committed_by").references(() => users.id, { onDelete: "set null" }),
    committedAt: text("committed_at"),
    batchesTotal: integer("batches_total").notNull().default(0),
    batchesDone: integer("batches_done").notNull().default(0),
    rowsToCommit: integer("rows_to_commit").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    createdCount: integer("created_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    lastError: text("last_error"),
    finishedAt: text("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("number_imports_organization_created_at_idx").on(table.organizationId, table.createdAt),
    index("number_imports_created_at_idx").on(table.createdAt),
  ],
);

/** Each data row as validated; `seq` numbers the valid rows so a commit batch is a `seq` range. */
export const numberImportRows = sqliteTable(
  "number_import_rows",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => numberImports.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    seq: integer("seq"),
    e164: text("e164"),
    organizationId: integer("organization_id"),
    type: text("type", { enum: PHONE_NUMBER_TYPES }),
    label: text("label"),
    cnam: text("cnam"),
    country: text("country"),
    /** JSON object of the row's E911 address, when it has one. */
    e911: text("e911"),
    /** Message key (with `|{params}`) of the row's problem, from validation or from the commit. */
    error: text("error"),
    errorColumn: text("error_column"),
    existingId: integer("existing_id"),
    /** The E911 address the commit creates for the row (ids are assigned in the batch's transaction). */
    e911AddressId: integer("e911_address_id"),
    /** What the commit did: created, updated, skipped or failed. */
    outcome: text("outcome", { enum: ["created", "updated", "skipped", "failed"] }),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.rowNumber] }),
    index("number_import_rows_seq_idx").on(table.importId, table.seq),
    index("number_import_rows_e164_idx").on(table.importId, table.e164, table.rowNumber),
  ],
);

/** The ledger of committed batches: a batch writes its row in the same transaction as its numbers. */
export const numberImportBatches = sqliteTable(
  "number_import_batches",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => numberImports.id, { onDelete: "cascade" }),
    batch: integer("batch").notNull(),
    rows: integer("rows").notNull(),
    doneAt: text("done_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [primaryKey({ columns: [table.importId, table.batch] })],
);

// --- Residential user wizard (issue 14, migration 0010) ---

export const RESIDENTIAL_DRAFT_STATUSES = ["draft", "submitting", "completed"] as const;

/**
 * The residential wizard's draft (lib/residential.ts): the steps' data as JSON, the idempotency key of the next
 * submission and the key of the last one, the failure of the last attempt, and what the submission created.
 * `lease_until` keeps two readers from advancing the same submission at once.
 */
export const residentialDrafts = sqliteTable(
  "residential_drafts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: RESIDENTIAL_DRAFT_STATUSES }).notNull().default("draft"),
    subscriber: text("subscriber").notNull(),
    serviceAddress: text("service_address"),
    number: text("number"),
    e911Same: integer("e911_same", { mode: "boolean" }).notNull().default(true),
    e911Address: text("e911_address"),
    idempotencyKey: text("idempotency_key").notNull(),
    submittedKey: text("submitted_key"),
    failure: text("failure"),
    leaseUntil: text("lease_until"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    portingOrderId: integer("porting_order_id").references(() => portingOrders.id, { onDelete: "set null" }),
    e911AddressId: integer("e911_address_id").references(() => e911Addresses.id, { onDelete: "set null" }),
    submittedAt: text("submitted_at"),
    completedAt: text("completed_at"),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("residential_drafts_organization_idx").on(table.organizationId, table.status, table.updatedAt),
    index("residential_drafts_expires_idx").on(table.expiresAt),
  ],
);
