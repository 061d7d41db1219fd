import * as React from "react";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { ErrorList } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { cn } from "~/lib/utils";
import { areaState, groupPermissions, translationId } from "./permission-selection";

const GROUPS = groupPermissions();
const TOTAL = GROUPS.reduce((sum, group) => sum + group.keys.length, 0);

const emptySubscribe = () => () => {};

/** True once React runs in the browser; false on the server and on pages without JavaScript. */
function useHydrated(): boolean {
  return React.useSyncExternalStore(
    emptySubscribe,
    () => true,
    () => false,
  );
}

interface PermissionMatrixProps {
  /** Name of the key checkboxes (Conform's `fields.permissions.name`). */
  name: string;
  formId: string;
  initial: readonly string[];
  /** Keys shown but not changeable (and not submitted): the full-access role. */
  readOnly?: boolean;
  errors?: string[];
  errorId?: string;
}

/**
 * The role permission matrix: a box per key, grouped by area, with an "All" box per area. With JavaScript
 * the area box toggles its keys here; without it, the area boxes are submitted and applied on the server
 * (see `expandPermissionSelection`).
 */
export function PermissionMatrix({ name, formId, initial, readOnly = false, errors, errorId }: PermissionMatrixProps) {
  const { t, language } = useTranslation("admin");
  const hydrated = useHydrated();
  const [selected, setSelected] = React.useState(() => new Set(initial));
  const areaLabels = t("permissions.areas", { returnObjects: true }) as Record<string, string>;
  const keyLabels = t("permissions.keys", { returnObjects: true }) as Record<string, string>;
  const number = numberFormat(language);

  function toggle(keys: readonly string[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }

  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {t("permissions.selectedCount", { selected: number.format(selected.size), total: number.format(TOTAL) })}
      </p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {GROUPS.map((group) => {
          const state = areaState(selected, group.keys);
          const areaLabel = areaLabels[translationId(group.area)] ?? group.area;
          const areaBoxId = `${formId}-area-${translationId(group.area)}`;
          return (
            <fieldset key={group.area} data-area={group.area} className="flex flex-col gap-2.5 rounded-md border p-4">
              <legend className="sr-only">{areaLabel}</legend>
              <div className="flex items-center justify-between gap-3 border-b pb-2.5">
                <span aria-hidden="true" className="font-medium text-foreground text-sm">
                  {areaLabel}
                  <span className="ms-2 font-normal text-muted-foreground text-xs tabular-nums">
                    {number.format(group.keys.filter((key) => selected.has(key)).length)}/{number.format(group.keys.length)}
                  </span>
                </span>
                <div className="flex items-center gap-2">
                  <AreaCheckbox
                    id={areaBoxId}
                    form={formId}
                    name={hydrated || readOnly ? undefined : "areas"}
                    value={group.area}
                    state={state}
                    disabled={readOnly}
                    onAreaChange={(on) => toggle(group.keys, on)}
                    aria-label={t("permissions.selectAllIn", { area: areaLabel })}
                  />
                  <Label htmlFor={areaBoxId} aria-hidden="true" className="font-normal text-muted-foreground text-xs">
                    {t("permissions.selectAll")}
                  </Label>
                </div>
                {!hydrated && !readOnly && state === "all" && <input type="hidden" form={formId} name="areas_full" value={group.area} />}
              </div>
              <ul className="flex flex-col gap-2">
                {group.keys.map((key) => {
                  const id = `${formId}-permission-${translationId(key)}`;
                  return (
                    <li key={key} className="flex items-start gap-2.5">
                      <NativeCheckbox
                        id={id}
                        form={formId}
                        name={readOnly ? undefined : name}
                        value={key}
                        checked={selected.has(key)}
                        disabled={readOnly}
                        onChange={(event) => toggle([key], event.currentTarget.checked)}
                        className="mt-0.5"
                      />
                      <Label htmlFor={id} className={cn("flex flex-col items-start gap-0 font-normal text-sm", readOnly && "opacity-70")}>
                        <span>{keyLabels[translationId(key)] ?? key}</span>
                        <code dir="ltr" className="text-[0.6875rem] text-muted-foreground">
                          {key}
                        </code>
                      </Label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function AreaCheckbox({
  state,
  onAreaChange,
  ...props
}: Omit<React.ComponentProps<typeof NativeCheckbox>, "checked" | "onChange"> & {
  state: "all" | "some" | "none";
  onAreaChange: (on: boolean) => void;
}) {
  const ref = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return <NativeCheckbox ref={ref} checked={state === "all"} onChange={(event) => onAreaChange(event.currentTarget.checked)} {...props} />;
}
