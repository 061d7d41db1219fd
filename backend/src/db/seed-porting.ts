/**
 * Demo details of the three seeded porting orders (seed.ts creates their rows): parties, numbers, service
 * address and history. They have no sandbox port behind them, so they stay in their seeded status; orders
 * created in the portal advance on the sandbox schedule.
 */
import { sqlLiteral, upsert } from "./seed";

const DETAILS: {
  id: number;
  numbers: string[];
  entity: string;
  person: string;
  btn: string;
  account: string;
  address: Record<string, string>;
}[] = [
  {
    id: 1,
    numbers: ["+15035550180", "+15035550182"],
    entity: "Northwind Dental PC",
    person: "Priya Raman",
    btn: "+15035550142",
    account: "NWD-448120",
    address: {
      house_number: "1200",
      street_name: "NW Everett",
      street_suffix: "St",
      city: "Portland",
      state: "OR",
      postal_code: "97209",
      country: "US",
    },
  },
  {
    id: 2,
    numbers: ["+13125550190", "+13125550192", "+13125550194"],
    entity: "Lakeside Logistics LLC",
    person: "Marcus Bell",
    btn: "+13125550187",
    account: "LKL-903311",
    address: {
      house_number: "455",
      street_name: "N Cityfront Plaza",
      street_suffix: "Dr",
      city: "Chicago",
      state: "IL",
      postal_code: "60611",
      country: "US",
    },
  },
  {
    id: 3,
    numbers: ["+16175550164"],
    entity: "Elena Novak",
    person: "Elena Novak",
    btn: "+16175550163",
    account: "",
    address: {
      house_number: "42",
      street_name: "Maple",
      street_suffix: "St",
      city: "Somerville",
      state: "MA",
      postal_code: "02143",
      country: "US",
    },
  },
];

export function portingSeedStatements(ago: (days: number) => string): string[] {
  const updates = DETAILS.map(
    (order) =>
      `UPDATE porting_orders SET numbers = ${sqlLiteral(JSON.stringify(order.numbers))}, entity_name = ${sqlLiteral(order.entity)}, ` +
      `authorized_person = ${sqlLiteral(order.person)}, billing_telephone_number = ${sqlLiteral(order.btn)}, ` +
      `account_number = ${sqlLiteral(order.account)}, service_address = ${sqlLiteral(JSON.stringify(order.address))} WHERE id = ${order.id};`,
  );
  return [
    ...updates,
    "UPDATE porting_orders SET submitted_at = created_at WHERE id IN (1, 2);",
    ...upsert("porting_order_events", [
      { id: 1, order_id: 1, type: "status", from_status: "draft", to_status: "submitted", message: null, actor_id: 9, created_at: ago(5) },
      {
        id: 2,
        order_id: 2,
        type: "status",
        from_status: "draft",
        to_status: "submitted",
        message: null,
        actor_id: 13,
        created_at: ago(11),
      },
      {
        id: 3,
        order_id: 2,
        type: "status",
        from_status: "submitted",
        to_status: "foc_confirmed",
        message: null,
        actor_id: null,
        created_at: ago(2),
      },
      {
        id: 4,
        order_id: 2,
        type: "comment",
        from_status: null,
        to_status: null,
        message: "FOC confirmed by the losing carrier; cut-over planned for the morning.",
        actor_id: 3,
        created_at: ago(2),
      },
    ]),
  ];
}
