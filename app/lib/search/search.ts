/**
 * Find anything (issue 25): what the command palette and the search results page share. The screens come
 * from the navigation (the route table, already limited to what the user may open); records from one backend
 * call (`GET /api/search`), with their links decided by the portal's loader (`search.server.ts`).
 */

/** A screen the user may open, with its label already translated. */
export interface ScreenHit {
  id: string;
  href: string;
  label: string;
}

export interface NumberHit {
  id: number;
  e164: string;
  label: string | null;
  city: string | null;
  state: string | null;
  organization_name: string | null;
  href: string;
}

export interface UserHit {
  id: number;
  name: string;
  email: string;
  organization_name: string;
  href: string;
}

export interface OrganizationHit {
  id: number;
  name: string;
  account_number: string;
  href: string;
}

export interface OrderHit {
  id: number;
  label: string | null;
  organization_name: string;
  href: string;
}

export interface RecordHits {
  numbers: NumberHit[];
  users: UserHit[];
  organizations: OrganizationHit[];
  orders: OrderHit[];
}

export const RECORD_KINDS = ["numbers", "users", "organizations", "orders"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The longest search the backend takes (characters). */
export const SEARCH_MAX_LENGTH = 100;

/** Lower case, without accents: "Références" and "references" match. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/**
 * The screens whose label holds every word typed (anywhere in it), those starting with the first word first;
 * all of them, in menu order, for an empty search.
 */
export function matchScreens<T extends { label: string }>(screens: readonly T[], query: string): T[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...screens];
  const matching = screens.filter((screen) => {
    const label = foldText(screen.label);
    return words.every((word) => label.includes(word));
  });
  const first = words[0] ?? "";
  const startsWith = (screen: T) =>
    foldText(screen.label)
      .split(/\s+/)
      .some((word) => word.startsWith(first));
  return [...matching.filter(startsWith), ...matching.filter((screen) => !startsWith(screen))];
}
