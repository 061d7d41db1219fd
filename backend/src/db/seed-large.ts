/**
 * `npm run seed:large`: bulk data for performance work — 500 organizations, 100,000 users,
 * 1,000,000 activity rows, 10,000 E911 addresses and 1,000,000 phone numbers (~770,000 of them with an
 * address) — generated inside D1 by recursive CTEs, so the SQL file stays tiny.
 * Fixed id ranges and INSERT OR IGNORE make it idempotent; run `npm run db:seed` first (roles, demo hash).
 */
import { ACTIVITY_ACTIONS } from "../lib/activity-titles";
import { ROLE_IDS, sqlLiteral } from "./seed";

export const LARGE = {
  organizations: { first: 1001, count: 500 },
  users: { first: 10_001, count: 100_000 },
  activity: { first: 1_000_001, count: 1_000_000, chunk: 100_000 },
  /** 20 per organization: the sites its numbers are located at. */
  e911Addresses: { first: 1_000_001, perOrganization: 20 },
  phoneNumbers: { first: 2_000_001, count: 1_000_000, chunk: 100_000 },
} as const;

/** Area codes of the bulk numbers: ten of them, 100,000 numbers each (`+1 NPA 5xx xxxx`). */
const BULK_AREA_CODES = ["303", "512", "206", "617", "404", "602", "813", "402", "919", "608"];

const FIRST_NAMES = [
  "Ava",
  "Liam",
  "Maya",
  "Noah",
  "Zoe",
  "Omar",
  "Lena",
  "Ivan",
  "Sara",
  "Kofi",
  "Mei",
  "Luca",
  "Nina",
  "Arjun",
  "Chloe",
  "Mateo",
  "Yara",
  "Felix",
  "Hana",
  "Diego",
];
const LAST_NAMES = [
  "Garcia",
  "Smith",
  "Nguyen",
  "Okafor",
  "Müller",
  "Rossi",
  "Haddad",
  "Kowalski",
  "Tanaka",
  "Dubois",
  "Silva",
  "Johnson",
  "Ahmed",
  "Larsen",
  "Kim",
  "Novak",
  "Brown",
  "Cohen",
  "Singh",
  "Moreau",
];
const CITIES = ["Denver", "Austin", "Seattle", "Boston", "Atlanta", "Phoenix", "Tampa", "Omaha", "Raleigh", "Madison"];
/** The state of each of CITIES. */
const CITY_STATES = ["CO", "TX", "WA", "MA", "GA", "AZ", "FL", "NE", "NC", "WI"];
const STREETS = [
  "Maple",
  "Oak",
  "Cedar",
  "Pine",
  "Elm",
  "Walnut",
  "Willow",
  "Birch",
  "Spruce",
  "Aspen",
  "Lincoln",
  "Washington",
  "Jefferson",
  "Madison",
  "Franklin",
  "Highland",
  "Lakeview",
  "Riverside",
  "Sunset",
  "Park",
];

const jsonArray = (items: readonly string[]) => sqlLiteral(JSON.stringify(items));
const SERIES = (count: number) => `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count - 1})`;

export function largeSeedStatements(): string[] {
  const { organizations, users, activity } = LARGE;
  const statements: string[] = [];

  statements.push(`${SERIES(organizations.count)}
INSERT OR IGNORE INTO organizations (id, name, account_number, status, type, contact_name, contact_email, contact_phone, address_line1, city, state, postal_code, country, timezone, default_locale)
SELECT ${organizations.first} + n,
       json_extract(${jsonArray(LAST_NAMES)}, '$[' || (n % 20) || ']') || ' ' || json_extract(${jsonArray(["Holdings", "Dental", "Logistics", "Partners", "Clinic", "Realty", "Foods", "Studio"])}, '$[' || (n % 8) || ']') || ' ' || (n + 1),
       'BULK-' || printf('%05d', n + 1),
       CASE WHEN n % 25 = 0 THEN 'suspended' ELSE 'active' END,
       CASE WHEN n % 5 = 0 THEN 'residential' ELSE 'business' END,
       'Contact ' || (n + 1), 'contact' || (n + 1) || '@bulk.amp.test', '+1720555' || printf('%04d', n),
       (100 + n) || ' Main St', json_extract(${jsonArray(CITIES)}, '$[' || (n % 10) || ']'), 'CO', printf('%05d', 80000 + n), 'US', 'America/Denver', 'en'
FROM seq;`);

  statements.push(`${SERIES(users.count)}
INSERT OR IGNORE INTO users (id, organization_id, name, email, password_hash, status, locale, last_login_at, created_at, updated_at)
SELECT ${users.first} + n,
       ${organizations.first} + (n % ${organizations.count}),
       json_extract(${jsonArray(FIRST_NAMES)}, '$[' || (n % 20) || ']') || ' ' || json_extract(${jsonArray(LAST_NAMES)}, '$[' || ((n / 20) % 20) || ']'),
       'user' || printf('%06d', n + 1) || '@bulk.amp.test',
       (SELECT password_hash FROM users WHERE email = 'admin@amp.test'),
       CASE WHEN n % 50 = 0 THEN 'disabled' ELSE 'active' END,
       CASE n % 10 WHEN 0 THEN 'fr' WHEN 1 THEN 'ar' ELSE 'en' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (n % 2592000) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (n % 31536000) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (n % 31536000) || ' seconds')
FROM seq;`);

  statements.push(`INSERT OR IGNORE INTO user_roles (user_id, role_id)
SELECT id, ${ROLE_IDS["Organization Admin"]} FROM users WHERE id BETWEEN ${users.first} AND ${users.first + users.count - 1} AND id % 10 = 0;`);

  const actions = jsonArray(ACTIVITY_ACTIONS.filter((action) => !action.startsWith("users.masquerade")));
  const actionCount = ACTIVITY_ACTIONS.filter((action) => !action.startsWith("users.masquerade")).length;
  for (let offset = 0; offset < activity.count; offset += activity.chunk) {
    statements.push(`${SERIES(activity.chunk)}
INSERT OR IGNORE INTO activity_log (id, actor_id, action, subject_type, subject_id, subject_label, organization_id, ip, user_agent, created_at)
SELECT ${activity.first + offset} + n,
       ${users.first} + ((${offset} + n) * 7919) % ${users.count},
       json_extract(${actions}, '$[' || ((${offset} + n) % ${actionCount}) || ']'),
       'user',
       ${users.first} + ((${offset} + n) * 104729) % ${users.count},
       'Bulk user ' || (((${offset} + n) * 104729) % ${users.count} + 1),
       ${organizations.first} + (((${offset} + n) * 7919) % ${users.count}) % ${organizations.count},
       '198.51.100.' || ((${offset} + n) % 250 + 1),
       'AMP bulk seed',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${offset} + n) * 31) % 31536000) || ' seconds')
FROM seq;`);
  }
  // Site k of organization o has id first + o × 20 + k. Sites 3 and 7 of each organization are not valid
  // (the carrier suggested a correction, or did not find the address): their numbers wait in `pending`.
  const { e911Addresses } = LARGE;
  const sites = e911Addresses.perOrganization;
  statements.push(`${SERIES(organizations.count * sites)}
INSERT OR IGNORE INTO e911_addresses (id, organization_id, caller_name, house_number, street_name, street_suffix, city, state, postal_code, postal_code_plus4, country, validation_status, last_error, created_at, updated_at)
SELECT ${e911Addresses.first} + n,
       ${organizations.first} + n / ${sites},
       (SELECT name FROM organizations WHERE id = ${organizations.first} + n / ${sites}),
       100 + (n * 37) % 9900,
       json_extract(${jsonArray(STREETS)}, '$[' || ((n * 7) % 20) || ']'),
       json_extract(${jsonArray(["St", "Ave", "Rd", "Blvd"])}, '$[' || (n % 4) || ']'),
       json_extract(${jsonArray(CITIES)}, '$[' || ((n / ${sites} + n % 3) % 10) || ']'),
       json_extract(${jsonArray(CITY_STATES)}, '$[' || ((n / ${sites} + n % 3) % 10) || ']'),
       printf('%05d', 10000 + (n * 13) % 89999),
       printf('%04d', n % 10000),
       'US',
       CASE n % ${sites} WHEN 3 THEN 'suggested' WHEN 7 THEN 'invalid' ELSE 'valid' END,
       CASE n % ${sites} WHEN 7 THEN 'carrier.e911_address_not_found' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (n % 31536000) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (n % 31536000) || ' seconds')
FROM seq;`);

  // Number i belongs to organization (i / 20) % 500 and is located at its site i % 20. In service numbers have
  // that address except at sites 5 and 15 (no E911: 1 in 10, a few of them removed): provisioned, pending at
  // the sites that are not valid, failed at site 11 of one organization in 7. The address's copies are written
  // here, which spares the copy trigger an update per number.
  const { phoneNumbers } = LARGE;
  const areaCodes = jsonArray(BULK_AREA_CODES);
  for (let offset = 0; offset < phoneNumbers.count; offset += phoneNumbers.chunk) {
    const i = `(${offset} + n)`;
    const inService = `${i} % 20 <> 0 AND ${i} % 50 <> 1`;
    statements.push(`${SERIES(phoneNumbers.chunk)}
INSERT OR IGNORE INTO phone_numbers (id, e164, organization_id, status, type, carrier, country, state, label, e911_address_id, e911_city, e911_validation_status, e911_status, created_at, updated_at)
SELECT ${phoneNumbers.first + offset} + n,
       '+1' || json_extract(${areaCodes}, '$[' || (${i} % 10) || ']') || printf('%07d', 5000000 + ${i} / 10),
       CASE WHEN ${i} % 20 = 0 THEN NULL ELSE ${organizations.first} + (${i} / 20) % ${organizations.count} END,
       CASE WHEN ${i} % 20 = 0 THEN 'available' WHEN ${i} % 50 = 1 THEN 'disconnected' ELSE 'in_service' END,
       CASE WHEN ${i} % 40 = 3 THEN 'mobile' ELSE 'local' END,
       'sandbox', 'US', 'CO',
       CASE WHEN ${i} % 7 = 0 THEN 'Line ' || (${i} % 1000) END,
       site.id, site.city, site.validation_status,
       CASE WHEN site.validation_status <> 'valid' THEN 'pending'
            WHEN site.id IS NOT NULL THEN CASE WHEN ${i} % ${sites} = 11 AND (${i} / 20) % 7 = 0 THEN 'failed' ELSE 'provisioned' END
            WHEN ${inService} AND ${i} % ${sites} = 15 AND (${i} / 20) % 9 = 0 THEN 'removed' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((${i} * 17) % 31536000) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((${i} * 17) % 31536000) || ' seconds')
FROM seq
LEFT JOIN e911_addresses site ON ${inService} AND ${i} % ${sites} NOT IN (5, 15)
  AND site.id = ${e911Addresses.first} + ((${i} / 20) % ${organizations.count}) * ${sites} + ${i} % ${sites};`);
  }
  return statements;
}
