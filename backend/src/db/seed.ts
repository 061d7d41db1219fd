/**
 * The demo data, shared by `npm run db:seed` (scripts/db.mjs) and the backend tests (test/setup.ts).
 * Idempotent: fixed ids and upserts, so running it twice leaves the same data. Activity and mail rows
 * are spread over the 30 days before the run.
 */
import { PERMISSIONS, SEEDED_ROLES, type SeededRole } from "../../../common/permissions";
import type { ActivityAction } from "../lib/activity-titles";
import { hashPassword } from "../lib/password";
import type { SystemSettings } from "../lib/settings";
import { e911AddressSeedStatements, numberCarrierSeedStatements } from "./seed-numbers";
import { portingSeedStatements } from "./seed-porting";

export const DEMO_PASSWORD = "password";

type SqlValue = string | number | boolean | null;

/** A SQL literal; the seed writes a .sql file for `wrangler d1 execute`, so values are inlined, not bound. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  return `'${value.replace(/'/g, "''")}'`;
}

/** Multi-row upserts on `id` (or another key), in chunks that stay far below D1's statement size limit. */
export function upsert(table: string, rows: Record<string, SqlValue>[], conflictKey = "id", chunkSize = 100): string[] {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const updates = columns
    .filter((column) => column !== conflictKey)
    .map((column) => `"${column}" = excluded."${column}"`)
    .join(", ");
  const statements: string[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const values = rows
      .slice(start, start + chunkSize)
      .map((row) => `(${columns.map((column) => sqlLiteral(row[column] ?? null)).join(", ")})`)
      .join(",\n");
    statements.push(
      `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES\n${values}\nON CONFLICT("${conflictKey}") DO UPDATE SET ${updates};`,
    );
  }
  return statements;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run produces the same rows. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ORGANIZATIONS = [
  {
    id: 1,
    name: "AMP Telecom",
    account_number: "AMP-0001",
    type: "provider",
    contact_name: "Dana Whitfield",
    contact_email: "noc@amp.test",
    contact_phone: "+16125550100",
    address_line1: "800 Nicollet Mall",
    address_line2: "Suite 1400",
    city: "Minneapolis",
    state: "MN",
    postal_code: "55402",
    timezone: "America/Chicago",
  },
  {
    id: 2,
    name: "Northwind Dental",
    account_number: "BUS-10021",
    type: "business",
    contact_name: "Priya Raman",
    contact_email: "office@northwind.test",
    contact_phone: "+15035550142",
    address_line1: "1200 NW Everett St",
    address_line2: "Floor 2",
    city: "Portland",
    state: "OR",
    postal_code: "97209",
    timezone: "America/Los_Angeles",
  },
  {
    id: 3,
    name: "Lakeside Logistics",
    account_number: "BUS-10034",
    type: "business",
    contact_name: "Marcus Bell",
    contact_email: "dispatch@lakeside.test",
    contact_phone: "+13125550187",
    address_line1: "455 N Cityfront Plaza Dr",
    address_line2: null,
    city: "Chicago",
    state: "IL",
    postal_code: "60611",
    timezone: "America/Chicago",
  },
  {
    id: 4,
    name: "Maple Street Residence",
    account_number: "R-20000417",
    type: "residential",
    contact_name: "Elena Novak",
    contact_email: "elena.novak@maple.test",
    contact_phone: "+16175550163",
    address_line1: "42 Maple St",
    address_line2: null,
    city: "Somerville",
    state: "MA",
    postal_code: "02143",
    timezone: "America/New_York",
  },
] as const;

export const ROLE_IDS: Record<SeededRole, number> = {
  "Super Admin": 1,
  "Provider Admin": 2,
  "Support Agent": 3,
  "Organization Admin": 4,
  Auditor: 5,
};

interface DemoUser {
  id: number;
  organization_id: number;
  name: string;
  email: string;
  role: SeededRole | null;
  locale?: "en" | "fr" | "ar";
  status?: "active" | "disabled";
  /** An invited user who has not set a password yet. */
  invited?: boolean;
}

export const USERS: DemoUser[] = [
  { id: 1, organization_id: 1, name: "Avery Collins", email: "admin@amp.test", role: "Super Admin" },
  { id: 2, organization_id: 1, name: "Jordan Reyes", email: "provider@amp.test", role: "Provider Admin" },
  { id: 3, organization_id: 1, name: "Sam Patel", email: "support@amp.test", role: "Support Agent" },
  { id: 4, organization_id: 1, name: "Morgan Lee", email: "auditor@amp.test", role: "Auditor" },
  { id: 5, organization_id: 1, name: "Taylor Brooks", email: "taylor.brooks@amp.test", role: "Support Agent" },
  { id: 6, organization_id: 1, name: "Riley Chen", email: "riley.chen@amp.test", role: "Support Agent", locale: "fr" },
  { id: 7, organization_id: 1, name: "Noor Haddad", email: "noor.haddad@amp.test", role: "Provider Admin", locale: "ar" },
  { id: 8, organization_id: 1, name: "Chris Doyle", email: "chris.doyle@amp.test", role: "Support Agent", status: "disabled" },
  { id: 9, organization_id: 2, name: "Priya Raman", email: "orgadmin@northwind.test", role: "Organization Admin" },
  { id: 10, organization_id: 2, name: "Daniel Kim", email: "daniel.kim@northwind.test", role: "Organization Admin" },
  { id: 11, organization_id: 2, name: "Grace Liu", email: "grace.liu@northwind.test", role: null },
  { id: 12, organization_id: 2, name: "Omar Farouk", email: "omar.farouk@northwind.test", role: null, invited: true },
  { id: 13, organization_id: 3, name: "Marcus Bell", email: "marcus.bell@lakeside.test", role: "Organization Admin" },
  { id: 14, organization_id: 3, name: "Sofia Alvarez", email: "sofia.alvarez@lakeside.test", role: "Organization Admin" },
  { id: 15, organization_id: 3, name: "Ben Okafor", email: "ben.okafor@lakeside.test", role: null },
  { id: 16, organization_id: 3, name: "Hannah Schultz", email: "hannah.schultz@lakeside.test", role: null },
  { id: 17, organization_id: 3, name: "Luc Tremblay", email: "luc.tremblay@lakeside.test", role: null, locale: "fr" },
  { id: 18, organization_id: 4, name: "Elena Novak", email: "elena.novak@maple.test", role: "Organization Admin" },
  { id: 19, organization_id: 4, name: "Peter Novak", email: "peter.novak@maple.test", role: null },
  { id: 20, organization_id: 1, name: "Fatima Zahra", email: "fatima.zahra@amp.test", role: "Support Agent", locale: "ar" },
  { id: 21, organization_id: 1, name: "Ethan Walsh", email: "ethan.walsh@amp.test", role: "Auditor" },
  { id: 22, organization_id: 2, name: "Isabel Moreau", email: "isabel.moreau@northwind.test", role: null, locale: "fr" },
  { id: 23, organization_id: 3, name: "Kevin Park", email: "kevin.park@lakeside.test", role: null },
  { id: 24, organization_id: 3, name: "Aisha Bello", email: "aisha.bello@lakeside.test", role: null },
];

export const SETTINGS: Partial<SystemSettings> = {
  portal_name: "AMP",
  default_locale: "en",
  registration_enabled: true,
  password_min_length: 8,
  session_idle_minutes: 120,
  links: {
    client_success: "https://success.amp.test",
    billing: "https://billing.amp.test",
    feedback: "https://feedback.amp.test",
  },
};

/** [organization, area code, count, how many have an E911 address]; organization null = provider stock. */
const NUMBER_BLOCKS: [number | null, string, number, number][] = [
  [2, "503", 6, 4],
  [3, "312", 8, 5],
  [4, "617", 2, 1],
  [null, "612", 6, 0],
];

const ACTIVITY_MIX: ActivityAction[] = [
  "auth.login",
  "auth.login",
  "auth.login",
  "auth.login",
  "auth.logout",
  "profile.updated",
  "profile.preferences_updated",
  "users.updated",
  "users.created",
  "phone_numbers.updated",
  "phone_numbers.created",
  "porting_orders.created",
  "porting_orders.submitted",
  "organizations.updated",
];

const USER_AGENTS = [
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];

/** The shared demo hash: one PBKDF2 run with a fixed salt keeps seeding fast and the output deterministic. */
export async function demoPasswordHash(): Promise<string> {
  return hashPassword(DEMO_PASSWORD, Uint8Array.from(new TextEncoder().encode("amp-demo-salt-01")));
}

export async function seedStatements(now = new Date()): Promise<string[]> {
  const passwordHash = await demoPasswordHash();
  const ago = (days: number, seconds = 0) => new Date(now.getTime() - days * 86_400_000 - seconds * 1000).toISOString();
  const created = ago(90);
  const rand = random(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const statements: string[] = [];

  statements.push(
    ...upsert(
      "organizations",
      ORGANIZATIONS.map((organization) => ({
        ...organization,
        status: "active",
        country: "US",
        default_locale: "en",
        created_at: created,
        updated_at: created,
      })),
    ),
  );

  const roleNames = Object.keys(SEEDED_ROLES) as SeededRole[];
  statements.push(
    ...upsert(
      "roles",
      roleNames.map((name) => ({
        id: ROLE_IDS[name],
        name,
        description: SEEDED_ROLES[name].description,
        is_system: true,
        scope: SEEDED_ROLES[name].scope,
        created_at: created,
        updated_at: created,
      })),
    ),
  );
  const roleIds = roleNames.map((name) => ROLE_IDS[name]).join(", ");
  statements.push(`DELETE FROM role_permissions WHERE role_id IN (${roleIds});`);
  const grants = roleNames.flatMap((name) =>
    PERMISSIONS.filter((key) => SEEDED_ROLES[name].permissions.includes(key)).map((key) => `(${ROLE_IDS[name]}, ${sqlLiteral(key)})`),
  );
  statements.push(`INSERT INTO role_permissions (role_id, permission) VALUES\n${grants.join(",\n")};`);

  statements.push(
    ...upsert(
      "users",
      USERS.map((user, index) => ({
        id: user.id,
        organization_id: user.organization_id,
        name: user.name,
        email: user.email,
        password_hash: user.invited ? null : passwordHash,
        status: user.status ?? "active",
        locale: user.locale ?? "en",
        theme: "system",
        theme_primary_color: "#7367F0",
        theme_semi_dark_menu: false,
        last_login_at: user.invited || user.status === "disabled" ? null : ago(index % 7, index * 3600),
        created_at: ago(80 - index),
        updated_at: ago(80 - index),
      })),
    ),
  );
  const userIds = USERS.map((user) => user.id).join(", ");
  statements.push(`DELETE FROM user_roles WHERE user_id IN (${userIds});`);
  const memberships = USERS.filter((user) => user.role).map((user) => `(${user.id}, ${ROLE_IDS[user.role as SeededRole]})`);
  statements.push(`INSERT INTO user_roles (user_id, role_id) VALUES\n${memberships.join(",\n")};`);

  statements.push(
    ...upsert(
      "system_settings",
      Object.entries(SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: created })),
      "key",
    ),
  );

  const numbers: Record<string, SqlValue>[] = [];
  let numberId = 1;
  let e911Id = 1;
  for (const [organizationId, areaCode, count, withE911] of NUMBER_BLOCKS) {
    for (let i = 0; i < count; i++) {
      const inService = organizationId !== null;
      numbers.push({
        id: numberId,
        e164: `+1${areaCode}555${String(1000 + numberId * 7).padStart(4, "0")}`,
        organization_id: organizationId,
        status: inService ? (i === count - 1 && count > 2 ? "porting_in" : "in_service") : "available",
        type: i === 1 && inService ? "toll_free" : "local",
        e911_address_id: inService && i < withE911 ? e911Id++ : null,
        label: inService ? pick(["Front desk", "Main line", "Fax", "Dispatch", "Warehouse", "Home", "Billing"]) : null,
        cnam: inService ? (ORGANIZATIONS.find((o) => o.id === organizationId)?.name.slice(0, 15) ?? null) : null,
        created_at: ago(60 - numberId),
        updated_at: ago(30 - (numberId % 30)),
      });
      numberId++;
    }
  }
  statements.push(...e911AddressSeedStatements(created));
  statements.push(...upsert("phone_numbers", numbers));

  statements.push(
    ...upsert("porting_orders", [
      { id: 1, organization_id: 2, status: "submitted", created_at: ago(6), updated_at: ago(5) },
      { id: 2, organization_id: 3, status: "foc_confirmed", created_at: ago(12), updated_at: ago(2) },
      { id: 3, organization_id: 4, status: "draft", created_at: ago(1), updated_at: ago(1) },
    ]),
  );

  const actors = USERS.filter((user) => !user.invited && user.status !== "disabled");
  const activity: Record<string, SqlValue>[] = [];
  for (let id = 1; id <= 300; id++) {
    const actor = pick(actors);
    const action = pick(ACTIVITY_MIX);
    const isAuth = action.startsWith("auth.") || action.startsWith("profile.");
    const subject = isAuth ? actor : pick(USERS.filter((user) => user.organization_id === actor.organization_id));
    const changes =
      action === "users.updated"
        ? { name: { old: subject.name.toUpperCase(), new: subject.name } }
        : action === "profile.preferences_updated"
          ? { theme: { old: "system", new: pick(["light", "dark"]) } }
          : null;
    activity.push({
      id,
      actor_id: actor.id,
      masquerader_id: null,
      action,
      subject_type: action.split(".")[0] === "phone_numbers" ? "phone_number" : action.startsWith("porting") ? "porting_order" : "user",
      subject_id: subject.id,
      subject_label: subject.name,
      organization_id: actor.organization_id,
      changes: changes ? JSON.stringify(changes) : null,
      ip: `203.0.113.${1 + Math.floor(rand() * 250)}`,
      user_agent: pick(USER_AGENTS),
      // Newer ids are more recent: 30 days spread over 300 rows.
      created_at: ago((300 - id) / 10, Math.floor(rand() * 7200)),
    });
  }
  // A masquerade session by the Super Admin onto Northwind's admin, with both identities on each row.
  activity.push(
    {
      id: 301,
      actor_id: 9,
      masquerader_id: 1,
      action: "users.masquerade.start",
      subject_type: "user",
      subject_id: 9,
      subject_label: "Priya Raman",
      organization_id: 2,
      changes: null,
      ip: "198.51.100.24",
      user_agent: USER_AGENTS[0] ?? null,
      created_at: ago(0, 5400),
    },
    {
      id: 302,
      actor_id: 9,
      masquerader_id: 1,
      action: "users.masquerade.end",
      subject_type: "user",
      subject_id: 9,
      subject_label: "Priya Raman",
      organization_id: 2,
      changes: null,
      ip: "198.51.100.24",
      user_agent: USER_AGENTS[0] ?? null,
      created_at: ago(0, 4800),
    },
  );
  statements.push(...upsert("activity_log", activity));

  const mails: Record<string, SqlValue>[] = [
    ["omar.farouk@northwind.test", "You are invited to AMP", "invitation", 2, "sent", 20],
    ["grace.liu@northwind.test", "AMP: reset your password", "password_reset", 2, "sent", 14],
    ["ben.okafor@lakeside.test", "AMP: reset your password", "password_reset", 3, "sent", 9],
    ["dispatch@lakeside.test", "SMTP relay test", "smtp_test", 3, "failed", 7],
    ["peter.novak@maple.test", "You are invited to AMP", "invitation", 4, "sent", 4],
    ["taylor.brooks@amp.test", "AMP: reset your password", "password_reset", 1, "sent", 2],
  ].map(([to, subject, template, organizationId, status, days], index) => {
    const text = `${subject}\n\nThis message was generated by the demo seed.`;
    return {
      id: index + 1,
      organization_id: organizationId as number,
      to: to as string,
      subject: subject as string,
      template: template as string,
      status: status as string,
      // The failed relay test: its outcome key, and the server's reply as the mail log shows it.
      error: status === "failed" ? "auth_failed" : null,
      smtp_reply: status === "failed" ? "535 5.7.8 Authentication credentials invalid" : "250 2.0.0 Ok: queued",
      relay: status === "failed" ? `organization:${organizationId}` : "platform",
      attempts: 1,
      html: `<p>${subject}</p><p>This message was generated by the demo seed.</p>`,
      text,
      created_at: ago(days as number),
      sent_at: status === "sent" ? ago(days as number) : null,
    };
  });
  statements.push(...upsert("mail_log", mails));
  statements.push(...numberCarrierSeedStatements());
  statements.push(...deviceStatements());
  // E911 and porting tools: the seeded porting orders' details and history.
  statements.push(...portingSeedStatements(ago));
  return statements;
}

/**
 * Demo desk phones with provisioning overrides (issue 12). No text-to-speech prompts are seeded: their
 * audio is rendered by the backend Worker (R2), which the seed script does not run.
 */
function deviceStatements(): string[] {
  const devices = [
    { id: 1, organization_id: 2, mac: "805ec0a1b2c3", vendor: "Yealink", model: "T54W" },
    { id: 2, organization_id: 2, mac: "0004f2a1b2c3", vendor: "Poly", model: "VVX 450" },
    { id: 3, organization_id: 3, mac: "000b82c4d5e6", vendor: "Grandstream", model: "GRP2614" },
  ];
  const overrides = [
    { id: 1, device_id: 1, position: 0, key: "sip.listen_port", value: "5062", type: "integer", enabled: 1, description: "Front desk NAT" },
    { id: 2, device_id: 1, position: 1, key: "lcd.backlight_time", value: "30", type: "integer", enabled: 1, description: null },
    { id: 3, device_id: 1, position: 2, key: "features.dnd_enabled", value: "false", type: "boolean", enabled: 0, description: null },
    { id: 4, device_id: 2, position: 0, key: "reg.1.label", value: "Reception", type: "string", enabled: 1, description: null },
    { id: 5, device_id: 3, position: 0, key: "ntp.server", value: "pool.ntp.org", type: "string", enabled: 1, description: null },
  ];
  return [...upsert("devices", devices), ...upsert("device_overrides", overrides)];
}

/** Seeds a D1 database directly (tests). */
export async function seed(d1: D1Database, now = new Date()): Promise<void> {
  const statements = await seedStatements(now);
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
}
