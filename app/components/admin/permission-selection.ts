import { isPermission, PERMISSIONS, type Permission, permissionArea } from "../../../common/permissions";

/**
 * The role permission matrix: keys grouped by area, with a "select all" box per area.
 *
 * With JavaScript the area boxes only toggle the key boxes in the browser and are never submitted.
 * Without JavaScript the form submits the key boxes (`permissions`), the area boxes that are ticked
 * (`areas`) and, as hidden fields, the areas that were fully selected when the page was drawn
 * (`areas_full`); `expandPermissionSelection` then applies the area boxes the user changed.
 */
export interface PermissionGroup {
  area: string;
  keys: Permission[];
}

export type AreaState = "all" | "some" | "none";

/** Groups keys by area, in catalogue order. */
export function groupPermissions(keys: readonly Permission[] = PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const key of keys) {
    const area = permissionArea(key);
    const list = groups.get(area) ?? [];
    list.push(key);
    groups.set(area, list);
  }
  return [...groups].map(([area, list]) => ({ area, keys: list }));
}

/** A translation-safe id for a key or an area ("admin.users.read" → "admin_users_read"). */
export function translationId(keyOrArea: string): string {
  return keyOrArea.replace(/[.-]/g, "_");
}

export function areaState(selected: ReadonlySet<string>, keys: readonly string[]): AreaState {
  const count = keys.filter((key) => selected.has(key)).length;
  if (count === 0) return "none";
  return count === keys.length ? "all" : "some";
}

/** Areas whose every key is selected. */
export function fullAreas(selected: Iterable<string>, groups: readonly PermissionGroup[] = groupPermissions()): string[] {
  const set = new Set(selected);
  return groups.filter((group) => areaState(set, group.keys) === "all").map((group) => group.area);
}

export interface MatrixSubmission {
  permissions?: readonly string[];
  /** Area boxes ticked at submission (only sent without JavaScript). */
  areas?: readonly string[];
  /** Areas that were fully selected when the form was drawn (only sent without JavaScript). */
  areasFull?: readonly string[];
}

/**
 * The keys a submission selects: the key boxes, then each area box that changed state wins for its
 * area (ticked → every key of the area, unticked → none). Unknown keys are dropped; catalogue order.
 */
export function expandPermissionSelection(
  submission: MatrixSubmission,
  groups: readonly PermissionGroup[] = groupPermissions(),
): Permission[] {
  const selected = new Set<Permission>((submission.permissions ?? []).filter(isPermission));
  const ticked = new Set(submission.areas ?? []);
  const wasFull = new Set(submission.areasFull ?? []);
  for (const group of groups) {
    const now = ticked.has(group.area);
    const before = wasFull.has(group.area);
    if (now && !before) for (const key of group.keys) selected.add(key);
    if (!now && before) for (const key of group.keys) selected.delete(key);
  }
  return groups.flatMap((group) => group.keys).filter((key) => selected.has(key));
}

/** A role holding the whole catalogue (Super Admin): its keys are not edited on the matrix. */
export function holdsEveryPermission(permissions: readonly string[]): boolean {
  const held = new Set(permissions);
  return PERMISSIONS.every((key) => held.has(key));
}

const MATRIX_FIELDS = ["permissions", "areas", "areas_full"];

/**
 * The submitted form with `permissions` replaced by the expanded selection and the area fields removed,
 * so the role schema (and a failed submission's redisplay) sees the keys the user meant.
 */
export function expandMatrixFormData(formData: FormData, groups: readonly PermissionGroup[] = groupPermissions()): FormData {
  const strings = (name: string) => formData.getAll(name).filter((value): value is string => typeof value === "string");
  const next = new FormData();
  for (const [name, value] of formData) if (!MATRIX_FIELDS.includes(name)) next.append(name, value);
  const keys = expandPermissionSelection(
    { permissions: strings("permissions"), areas: strings("areas"), areasFull: strings("areas_full") },
    groups,
  );
  for (const key of keys) next.append("permissions", key);
  return next;
}
