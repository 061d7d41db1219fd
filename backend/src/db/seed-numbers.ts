/**
 * Demo data of the telephony tools (called from seed.ts): E911 addresses for the seeded numbers' links,
 * and the carrier details (rate center, state, LATA, capabilities) of every seeded number, taken from the
 * sandbox carrier's area code table so the inventory and the ordering wizard tell the same story.
 */
import { AREA_CODES } from "../carriers/sandbox-data";
import { sqlLiteral, upsert } from "./seed";

/** The addresses seed.ts links numbers to (ids 1–4 Northwind Dental, 5–9 Lakeside Logistics, 10 Maple Street). */
const E911_ADDRESSES: [number, string, string, string, string | null, string, string, string][] = [
  [2, "Northwind Dental", "1200", "NW Everett St", "Floor 2", "Portland", "OR", "97209"],
  [2, "Northwind Dental", "1200", "NW Everett St", "Suite 210", "Portland", "OR", "97209"],
  [2, "Northwind Dental Lab", "88", "SE Division St", null, "Portland", "OR", "97202"],
  [2, "Northwind Dental", "1200", "NW Everett St", "Reception", "Portland", "OR", "97209"],
  [3, "Lakeside Logistics", "455", "N Cityfront Plaza Dr", null, "Chicago", "IL", "60611"],
  [3, "Lakeside Logistics Dock", "2300", "S Archer Ave", "Dock 4", "Chicago", "IL", "60616"],
  [3, "Lakeside Logistics", "455", "N Cityfront Plaza Dr", "Floor 9", "Chicago", "IL", "60611"],
  [3, "Lakeside Dispatch", "1900", "W Fulton St", null, "Chicago", "IL", "60612"],
  [3, "Lakeside Logistics", "455", "N Cityfront Plaza Dr", "Floor 10", "Chicago", "IL", "60611"],
  [4, "Elena Novak", "42", "Maple St", null, "Somerville", "MA", "02143"],
];

export function e911AddressSeedStatements(createdAt: string): string[] {
  return upsert(
    "e911_addresses",
    E911_ADDRESSES.map(([organizationId, callerName, houseNumber, street, unit, city, state, postalCode], index) => {
      const [streetName, streetSuffix] = [street.replace(/ (St|Ave|Dr)$/, ""), street.match(/ (St|Ave|Dr)$/)?.[1] ?? null];
      return {
        id: index + 1,
        organization_id: organizationId,
        caller_name: callerName,
        house_number: houseNumber,
        street_name: streetName,
        street_suffix: streetSuffix,
        unit,
        city,
        state,
        postal_code: postalCode,
        country: "US",
        validation_status: "valid",
        created_at: createdAt,
        updated_at: createdAt,
      };
    }),
  );
}

/** Rate center, state, LATA and capabilities of the seeded numbers, by area code; provisioned E911 where linked. */
export function numberCarrierSeedStatements(): string[] {
  const statements = AREA_CODES.map(
    (area) =>
      `UPDATE phone_numbers SET carrier = 'sandbox', country = ${sqlLiteral(area.country)}, rate_center = ${sqlLiteral(area.rate_center)}, city = ${sqlLiteral(area.city)}, state = ${sqlLiteral(area.state)}, lata = ${sqlLiteral(area.lata)} WHERE e164 LIKE ${sqlLiteral(`+1${area.npa}%`)};`,
  );
  statements.push(
    `UPDATE phone_numbers SET capabilities = CASE type WHEN 'toll_free' THEN ${sqlLiteral(JSON.stringify(["voice", "sms", "fax"]))} ELSE ${sqlLiteral(JSON.stringify(["voice", "sms", "mms", "emergency"]))} END;`,
    "UPDATE phone_numbers SET e911_status = CASE WHEN e911_address_id IS NULL THEN NULL ELSE 'provisioned' END;",
  );
  return statements;
}
