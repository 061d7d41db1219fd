import type { TFunction } from "i18next";
import type * as React from "react";
import { Building2, Hash, LayoutGrid, Phone, User } from "~/components/icons";
import type { NumberHit, OrderHit, OrganizationHit, RecordHits, ScreenHit, UserHit } from "~/lib/search/search";
import { cn } from "~/lib/utils";

/** One result, as both the palette and the results page show it. */
export interface Hit {
  key: string;
  href: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  /** The main line (a phone number is isolated left-to-right: it never reorders in Arabic). */
  primary: React.ReactNode;
  /** Its accessible name, as plain text. */
  name: string;
  secondary: string | null;
}

export interface HitGroup {
  kind: "screens" | keyof RecordHits;
  hits: Hit[];
}

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ") || null;

/** Results grouped by kind, in the order they are shown; empty groups left out. */
export function hitGroups(
  screens: ScreenHit[],
  records: RecordHits | null,
  t: TFunction<"nav">,
  phone: (e164: string) => string,
): HitGroup[] {
  const number = (hit: NumberHit): Hit => {
    const formatted = phone(hit.e164);
    return {
      key: `number-${hit.id}`,
      href: hit.href,
      icon: Phone,
      primary: (
        <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
          {formatted}
        </bdi>
      ),
      name: formatted,
      secondary: join(hit.label, join(hit.city, hit.state)?.replace(" · ", ", "), hit.organization_name),
    };
  };
  const user = (hit: UserHit): Hit => ({
    key: `user-${hit.id}`,
    href: hit.href,
    icon: User,
    primary: hit.name,
    name: hit.name,
    secondary: join(hit.email, hit.organization_name),
  });
  const organization = (hit: OrganizationHit): Hit => ({
    key: `organization-${hit.id}`,
    href: hit.href,
    icon: Building2,
    primary: hit.name,
    name: hit.name,
    secondary: t("search.account", { number: hit.account_number }),
  });
  const order = (hit: OrderHit): Hit => {
    const title = t("search.order", { id: hit.id });
    return {
      key: `order-${hit.id}`,
      href: hit.href,
      icon: Hash,
      primary: title,
      name: title,
      secondary: join(hit.label, hit.organization_name),
    };
  };
  const groups: HitGroup[] = [
    {
      kind: "screens",
      hits: screens.map((screen) => ({
        key: `screen-${screen.id}`,
        href: screen.href,
        icon: LayoutGrid,
        primary: screen.label,
        name: screen.label,
        secondary: null,
      })),
    },
  ];
  if (records) {
    groups.push(
      { kind: "numbers", hits: records.numbers.map(number) },
      { kind: "users", hits: records.users.map(user) },
      { kind: "organizations", hits: records.organizations.map(organization) },
      { kind: "orders", hits: records.orders.map(order) },
    );
  }
  return groups.filter((group) => group.hits.length > 0);
}

/** A result's icon and lines: compact in the palette (one line each, cut), roomier on the results page. */
export function HitLines({ hit, compact = false }: { hit: Hit; compact?: boolean }) {
  return (
    <>
      <hit.icon className={cn("size-4 shrink-0", compact ? "opacity-70" : "text-muted-foreground")} aria-hidden="true" />
      <span className="min-w-0">
        <span className={cn("block font-medium", compact ? "truncate" : "text-primary-text")}>{hit.primary}</span>
        {hit.secondary && (
          <span className={cn("block truncate text-muted-foreground", compact ? "text-xs" : "text-sm")}>{hit.secondary}</span>
        )}
      </span>
    </>
  );
}
