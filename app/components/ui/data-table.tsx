import * as React from "react";
import { createPath, Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Check,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Columns3,
  Download,
  ListFilter,
  Search,
} from "~/components/icons";
import { RouterLinkClick, routerLinkClick } from "~/components/layout/menu-links";
import { Button, buttonVariants } from "~/components/ui/button";
import { ListForms, type RowForm, useListForms } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useTranslation } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { compactListQuery, PAGE_SIZES, type Paginated, parseListParams, SEARCH_MAX_BYTES, withListParams } from "~/lib/list-params";
import { cn } from "~/lib/utils";

/**
 * One column of a list. The list's sorting, paging and filtering happen on the server (the URL holds them),
 * so a column only says how to draw its header and its cells: no table library is needed in the browser.
 */
export interface ColumnDef<T> {
  /** The column's id: its `sort` value when sortable, its name in `hidden`. */
  id: string;
  meta: {
    /** Column name for headers, the columns menu and sort labels. */
    label: string;
    /** Header is a link that sorts the list by this column id (`sort=<id>&direction=asc|desc`). */
    sortable?: boolean;
    /** Extra classes for the header and body cells (e.g. `text-end` for actions). */
    className?: string;
    /**
     * Free text of any length (names, labels, places): on wide screens the column takes the room the others
     * leave and its cells are cut to one line, so long values never widen the list. A cell that is a string is
     * cut here with its whole text as a tooltip; a cell drawn otherwise uses `CellText`.
     */
    truncate?: boolean;
  };
  /** Header content; the label by default. */
  header?: () => React.ReactNode;
  cell: (context: { row: { id: string; original: T } }) => React.ReactNode;
  /** `false` keeps the column out of the columns menu (always shown). */
  enableHiding?: boolean;
}

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  page: Paginated<T>;
  /** Accessible name of the table (rendered as a visually hidden caption). */
  label: string;
  /**
   * Filter controls, rendered inside the list's GET form. Each control's `name` is a query parameter.
   * The form also carries the current value of every other parameter as hidden inputs placed after the
   * filters; the first value wins, so a filter that can be cleared must submit an empty value (e.g. an
   * "All" option with `value=""`) rather than nothing (so prefer selects/radios over lone checkboxes).
   */
  filters?: React.ReactNode;
  searchPlaceholder?: string;
  /** Hide the search box for lists without server-side search. */
  searchable?: boolean;
  /** Actions shown next to the search box (e.g. an "Add" button). Rendered outside the list form. */
  toolbar?: React.ReactNode;
  emptyMessage?: React.ReactNode;
  getRowId?: (row: T, index: number) => string;
  className?: string;
  /**
   * The list's CSV export (`/exports/<list>`): a plain link carrying the list's search and filters, so the
   * file holds the rows the list selects (every page), with or without JavaScript.
   */
  exportTo?: string;
  /** Bulk actions on ticked rows, the page, or every row matching the filter (see `BulkSelection`). */
  bulk?: BulkSelection<T>;
  /** Hidden columns when the URL names none: the remembered choice or the list's defaults (`listColumns`). */
  defaultHidden?: string[];
  /** The posts its rows share (`RowForm`, decision 074): one hidden form each under the table. */
  rowForms?: RowForm[];
}

/** Which rows a bulk action applies to: the ticked ones, the whole page, or every row the filter selects. */
export type BulkScope = "selected" | "page" | "all";

/** A destructive bulk action's confirmation without JavaScript: the action's answer (`bulkConfirmation`). */
export interface BulkConfirmation {
  message: string;
  confirmLabel: string;
  /** The post to repeat, with `confirmed=1`. */
  fields: [string, string][];
}

/**
 * A bulk post the action refused before doing anything (nothing ticked, a required choice missing), answered
 * with status 400 (`bulkRefused`, ~/lib/bulk.server): the message goes next to the control it names, and the
 * selection and the action's fields stay as they were. With JavaScript nothing is reloaded (React Router does
 * not revalidate after a 4xx), so the page keeps its state; without it the bar is drawn again from `values`.
 */
export interface BulkRefusal {
  message: string;
  /** The control the message belongs to: `scope` (the bar's "Apply to") or one of the screen's action fields. */
  field: string;
  /** What was posted (the scope, the ticked ids, the action's fields). */
  values: [string, string][];
}

/** What a screen's bulk controls need to be drawn again after a refused post: their values, the error's wiring. */
export interface BulkFields {
  /** The value the refused post had for the control `name` (its `defaultValue`). */
  kept: (name: string) => string | undefined;
  /** `aria-invalid` and `aria-describedby` for the control the refusal names; nothing for the others. */
  invalid: (name: string) => { "aria-invalid"?: true; "aria-describedby"?: string };
}

/**
 * The one selection model of the portal's lists (decision 046). A checkbox per row and a scope choice
 * ("ticked rows", "this page", "all N matching") live in one POST form next to the table, so it works
 * without JavaScript: the row checkboxes join it through their `form` attribute, the page's ids and the
 * list's filter travel as hidden fields, and the action's buttons are that form's submit buttons
 * (`name="intent"`). The action reads the selection with `readBulkSelection` (~/lib/bulk.server) and sends
 * the ids, or the filter itself, to the backend's `…/bulk` endpoint.
 */
export interface BulkSelection<T> {
  /** The selection form's id, for buttons and confirm dialogs outside the bar. */
  formId: string;
  /** Accessible name of a row's checkbox, e.g. "Select +1 416 555 0100". */
  rowLabel: (row: T) => string;
  /** The bar's action controls, given how many rows the choice holds (null: ticked rows, count unknown without JavaScript). */
  actions: (selection: { scope: BulkScope; count: number | null; fields: BulkFields }) => React.ReactNode;
  /** The no-JavaScript confirmation the action answered with, if any. */
  confirmation?: BulkConfirmation | null;
  /** The refusal the action answered with, if any (`bulkRefused`). */
  refusal?: BulkRefusal | null;
}

/** The scope and the ticked rows a refused post carried. */
export function keptSelection(refusal: BulkRefusal | null | undefined): { scope: BulkScope; ids: string[] } | null {
  if (!refusal) return null;
  const scope = refusal.values.find(([name]) => name === "scope")?.[1];
  return {
    scope: scope === "page" || scope === "all" ? scope : "selected",
    ids: refusal.values.filter(([name]) => name === "ids").map(([, value]) => value),
  };
}

const emptySubscribe = () => () => {};

/** True once React has hydrated in the browser, false during SSR and on pages running without JavaScript. */
function useHydrated(): boolean {
  return React.useSyncExternalStore(
    emptySubscribe,
    () => true,
    () => false,
  );
}

/** The export link: the list's search and filters; paging, sort and hidden columns do not change which rows. */
export function exportHref(path: string, searchParams: URLSearchParams): string {
  const query = new URLSearchParams(searchParams);
  for (const key of ["page", "per_page", "sort", "direction", "hidden"]) query.delete(key);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Page numbers around the current page, with `null` for a gap: 1 … 4 5 6 … 20. Built from the few pages it
 * shows, not by walking every page: a list at a million rows has 100,000 of them (decision 058).
 */
export function pageWindow(current: number, last: number, radius = 1): (number | null)[] {
  const shown = new Set<number>([1, last]);
  for (let n = current - radius; n <= current + radius; n++) shown.add(n);
  const pages: (number | null)[] = [];
  let previous = 0;
  for (const n of [...shown].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b)) {
    if (n > previous + 1) pages.push(null);
    pages.push(n);
    previous = n;
  }
  return pages;
}

/**
 * The one list table of the portal: a plain table with its whole state in the URL
 * (see `~/lib/list-params`). Everything is links and GET forms, so it works without JavaScript; with it,
 * page size and filters apply on change and search as you type.
 */
export function DataTable<T>({
  columns,
  page,
  label,
  filters,
  searchPlaceholder,
  searchable = true,
  toolbar,
  emptyMessage,
  getRowId,
  className,
  exportTo,
  bulk,
  defaultHidden,
  rowForms,
}: DataTableProps<T>) {
  const { t, language } = useTranslation("ui");
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formId = React.useId();
  const list = parseListParams(searchParams);
  const activeFilters = Object.keys(list.filters).length;
  // Open when the page is drawn with a filter applied; afterwards the disclosure is the user's (a new list screen
  // mounts afresh). On wide screens the filters show whatever its state (app.css, `list-filters`).
  const [filtersOpen] = React.useState(activeFilters > 0);
  const searchTimer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchInput = React.useRef<HTMLInputElement>(null);
  const perPageSelect = React.useRef<HTMLSelectElement>(null);

  React.useEffect(() => () => clearTimeout(searchTimer.current), []);

  // Keep the uncontrolled fields in step with the URL (back button, links) without stealing focus.
  React.useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = list.search;
    if (perPageSelect.current) perPageSelect.current.value = String(list.per_page);
  }, [list.search, list.per_page]);

  const hidden = searchParams.has("hidden") || !defaultHidden ? list.hidden : defaultHidden;
  const hiddenIds = new Set(hidden);
  const visibleColumns = columns.filter((column) => !hiddenIds.has(column.id));

  const busy = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  // The sort and page links are plain anchors sharing one click handler (`<Link>`'s behaviour without its hooks per
  // link, decision 064), and so are the rows' links (`RouterLinkClick`, `EditLink`).
  const toHref = (changes: Record<string, string | number | null>) =>
    createPath({ pathname: location.pathname, search: withListParams(searchParams, changes) });
  const onLinkClick = routerLinkClick(location, navigate);
  // The rows' posts (delete, masquerade) go through a plain form per `RowForm` sharing the list's submit handler.
  const rowFormId = (name: string) => (rowForms?.some((rowForm) => rowForm.name === name) ? `${formId}-${name}` : undefined);
  const listForms: ListForms = { ...useListForms(), rowFormId };

  function go(form: HTMLFormElement, submitter: HTMLElement | null, replace: boolean) {
    const query = compactListQuery(new FormData(form, submitter));
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace });
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(searchTimer.current);
    go(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter, false);
  }

  /** With JavaScript: selects and toggles apply at once, text fields after a pause. */
  function onControlChange(event: { target: EventTarget }) {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    const form = target.form;
    if (!form || !target.name) return;
    clearTimeout(searchTimer.current);
    const isText = target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
    if (isText) searchTimer.current = setTimeout(() => go(form, null, true), 400);
    else go(form, null, false);
  }

  // Hidden copies of the current parameters for the list form; the form's own fields come first.
  const ownNames = new Set(["page", "search", "per_page"]);
  const carried = [...searchParams].filter(([key]) => !ownNames.has(key));

  const hideable = columns.filter((column) => column.enableHiding !== false && column.meta.label);
  const visibleHideable = hideable.filter((column) => !hiddenIds.has(column.id));
  const rows = page.data.map((original, index) => ({ id: getRowId ? getRowId(original, index) : String(index), original }));
  const visibleCount = visibleColumns.length + (bulk ? 1 : 0);

  // The selection: ticked rows and the scope (as a refused post left them, else none); a new page of rows
  // (after an action, paging, filtering) starts afresh. A refused post brings no new page: the choice stays.
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(() => new Set(keptSelection(bulk?.refusal)?.ids));
  const [scope, setScope] = React.useState<BulkScope>(() => keptSelection(bulk?.refusal)?.scope ?? "selected");
  const shownPage = React.useRef(page);
  React.useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    setSelected(new Set());
    setScope("selected");
  }, [page]);
  const allTicked = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someTicked = rows.some((row) => selected.has(row.id));
  function tick(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
    setScope("selected");
  }
  function tickPage(on: boolean) {
    setSelected(on ? new Set(rows.map((row) => row.id)) : new Set());
    setScope("selected");
  }
  function chooseScope(next: BulkScope) {
    setScope(next);
    if (next !== "selected") setSelected(new Set(rows.map((row) => row.id)));
  }
  const selectionCount = scope === "all" ? page.total : scope === "page" ? rows.length : hydrated ? selected.size : null;

  const table = (
    <div data-slot="data-table" className={cn("flex min-w-0 flex-col", className)}>
      <div className="flex flex-col gap-4 border-b p-5">
        <Form id={formId} method="get" action={location.pathname} onSubmit={onSubmit} onChange={onControlChange}>
          {filters && (
            // A disclosure, so it works without JavaScript: the "Filters" button on narrow screens (app.css).
            <details data-slot="list-filters" open={filtersOpen}>
              <summary
                className={cn(
                  buttonVariants({ variant: "outline" }),
                  "list-none border-input text-foreground hover:bg-accent [&::-webkit-details-marker]:hidden",
                )}
              >
                <ListFilter aria-hidden="true" />
                {t("dataTable.filters")}
                {activeFilters > 0 && (
                  <span className="rounded-full bg-primary px-1.5 text-primary-foreground text-xs leading-5">
                    <span className="sr-only">{t("dataTable.filtersActive", { count: activeFilters })}</span>
                    <span aria-hidden="true">{activeFilters}</span>
                  </span>
                )}
              </summary>
              <fieldset className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                <legend className="sr-only">{label}</legend>
                {filters}
              </fieldset>
            </details>
          )}
          {carried.map(([key, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: query parameters may repeat; their position is their identity.
            <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
          ))}
        </Form>

        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <label htmlFor={`${formId}-per-page`} className="whitespace-nowrap text-muted-foreground text-sm">
              {t("dataTable.perPageLabel")}
            </label>
            <NativeSelect
              id={`${formId}-per-page`}
              form={formId}
              name="per_page"
              ref={perPageSelect}
              defaultValue={String(list.per_page)}
              onChange={onControlChange}
              containerClassName="w-20"
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </div>

          <div className="flex w-full flex-wrap items-center gap-3 sm:ms-auto sm:w-auto">
            {searchable && (
              <div className="relative w-full sm:w-auto">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  type="search"
                  form={formId}
                  name="search"
                  maxLength={SEARCH_MAX_BYTES}
                  ref={searchInput}
                  defaultValue={list.search}
                  placeholder={searchPlaceholder ?? t("dataTable.searchPlaceholder")}
                  aria-label={t("dataTable.search")}
                  onChange={onControlChange}
                  className="w-full ps-9 sm:w-56"
                />
              </div>
            )}
            <Button type="submit" form={formId} variant="secondary" className={cn(hydrated && "sr-only")}>
              {t("dataTable.apply")}
            </Button>
            {hideable.length > 0 && (
              <ColumnsMenu
                columns={hideable.map((column) => ({
                  id: column.id,
                  label: column.meta.label,
                  visible: !hiddenIds.has(column.id),
                }))}
                hidden={hidden}
                lastVisible={visibleHideable.length === 1 ? visibleHideable[0].id : null}
                searchParams={searchParams}
                action={location.pathname}
                onSubmit={onSubmit}
              />
            )}
            {exportTo && (
              <a
                href={exportHref(exportTo, searchParams)}
                download
                className={buttonVariants({ variant: "outline" })}
                data-testid="list-export"
              >
                <Download aria-hidden="true" />
                {t("dataTable.export")}
              </a>
            )}
            {toolbar}
          </div>
        </div>
      </div>

      {bulk && (
        <BulkBar
          bulk={bulk}
          rowIds={rows.map((row) => row.id)}
          total={page.total}
          capped={page.total_capped === true}
          filter={exportHref("", searchParams).replace(/^\?/, "")}
          scope={scope}
          count={selectionCount}
          onScope={hydrated ? chooseScope : undefined}
        />
      )}

      {/* `relative`: what the cells place absolutely (screen-reader text) stays inside the scrolling box, not past the page's edge. */}
      <div
        data-slot="data-table-body"
        className={cn("relative overflow-x-auto transition-opacity", busy && "opacity-60")}
        aria-busy={busy || undefined}
      >
        <table className="w-full caption-bottom border-collapse text-sm">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr className="border-b">
              {bulk && (
                <th scope="col" data-cell="select" className="h-12 w-10 ps-5 pe-0 align-middle">
                  {hydrated ? (
                    <input
                      type="checkbox"
                      checked={allTicked}
                      ref={(element) => {
                        if (element) element.indeterminate = someTicked && !allTicked;
                      }}
                      onChange={(event) => tickPage(event.currentTarget.checked)}
                      aria-label={t("bulk.selectPage")}
                      className="size-4 accent-primary"
                    />
                  ) : (
                    <span className="sr-only">{t("bulk.select")}</span>
                  )}
                </th>
              )}
              {visibleColumns.map((column) => {
                const meta = column.meta;
                const sorted = list.sort === column.id ? list.direction : null;
                const content = column.header ? column.header() : meta.label;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    data-sortable={meta.sortable ? "" : undefined}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={cn(
                      "h-12 whitespace-nowrap px-3 text-start first:ps-5 last:pe-5 align-middle font-medium text-[0.8125rem] text-foreground uppercase tracking-wide",
                      meta.truncate && "sm:w-[30%] sm:max-w-0",
                      meta.className,
                    )}
                  >
                    {meta.sortable ? (
                      <a
                        className="-mx-1 inline-flex items-center gap-1.5 rounded-sm px-1 outline-none hover:text-primary-text focus-visible:ring-[3px] focus-visible:ring-ring"
                        href={toHref({
                          sort: column.id,
                          direction: sorted === "asc" ? "desc" : "asc",
                        })}
                        onClick={onLinkClick}
                        data-discover="true"
                      >
                        {content}
                        {sorted === "asc" ? (
                          <ArrowUp aria-hidden="true" className="size-3.5 text-primary" />
                        ) : sorted === "desc" ? (
                          <ArrowDown aria-hidden="true" className="size-3.5 text-primary" />
                        ) : (
                          <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-40" />
                        )}
                        <span className="sr-only">
                          {sorted === "asc"
                            ? `, ${t("dataTable.sortedAscending")}`
                            : sorted === "desc"
                              ? `, ${t("dataTable.sortedDescending")}`
                              : ""}
                        </span>
                      </a>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={visibleCount} data-cell="empty" className="px-5 py-10 text-center text-muted-foreground">
                  {emptyMessage ?? t("dataTable.empty")}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-b transition-colors last:border-b-0 hover:bg-accent"
                  data-selected={bulk && selected.has(row.id) ? "" : undefined}
                >
                  {bulk && (
                    <td data-cell="select" className="w-10 ps-5 pe-0 align-middle">
                      <input
                        type="checkbox"
                        name="ids"
                        value={row.id}
                        form={bulk.formId}
                        checked={selected.has(row.id)}
                        onChange={(event) => tick(row.id, event.currentTarget.checked)}
                        aria-label={bulk.rowLabel(row.original)}
                        className="size-4 accent-primary"
                      />
                    </td>
                  )}
                  {visibleColumns.map((column, index) => {
                    const content = column.cell({ row });
                    // On narrow screens a row is a card (app.css): its first column is the title, the actions its foot,
                    // every other cell shows its column's name above the value.
                    const cell = index === 0 ? "primary" : column.id === "actions" ? "actions" : undefined;
                    return (
                      <td
                        key={column.id}
                        data-cell={cell}
                        data-label={cell ? undefined : column.meta.label}
                        className={cn(
                          "list-cell first:ps-5 last:pe-5",
                          column.meta.truncate && "sm:w-[30%] sm:max-w-0",
                          column.meta.className,
                        )}
                      >
                        {column.meta.truncate && typeof content === "string" ? <CellText text={content} /> : content}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
        {rowForms?.map((rowForm) => (
          <form
            key={rowForm.name}
            id={rowFormId(rowForm.name)}
            method="post"
            action={rowForm.action ?? listForms.action}
            onSubmit={listForms.onSubmit}
            hidden
            data-discover="true"
          >
            {Object.entries(rowForm.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>
        ))}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t px-5 py-4">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {page.total_capped
            ? t("dataTable.showingCapped", {
                from: page.from ?? 0,
                to: page.to ?? 0,
                total: numberFormat(language).format(page.total),
              })
            : t("dataTable.showing", { from: page.from ?? 0, to: page.to ?? 0, total: page.total })}
        </p>
        {page.last_page > 1 && (
          <Pagination
            current={page.current_page}
            last={page.last_page}
            open={page.total_capped === true}
            hrefFor={(n) => toHref({ page: n })}
            onLinkClick={onLinkClick}
          />
        )}
      </div>
    </div>
  );
  return (
    <RouterLinkClick value={onLinkClick}>
      <ListForms value={listForms}>{table}</ListForms>
    </RouterLinkClick>
  );
}

/**
 * Free text in a `truncate` column: one line cut with an ellipsis on wide screens, its whole text as a tooltip;
 * wrapped in full on a narrow screen's card. Its direction follows its own text (`unicode-bidi: plaintext`), so a
 * Latin name in the Arabic interface keeps its beginning and loses its end, while it stays aligned with the page.
 */
export function CellText({ text, className }: { text: string; className?: string }) {
  return (
    <span data-slot="cell-text" className={cn("cell-text", className)} title={text}>
      {text}
    </span>
  );
}

interface BulkBarProps<T> {
  bulk: BulkSelection<T>;
  rowIds: string[];
  total: number;
  capped: boolean;
  /** The list's query without paging and sort: what "all matching" means. */
  filter: string;
  scope: BulkScope;
  count: number | null;
  /** With JavaScript: the scope is state (the page's boxes follow it). */
  onScope?: (scope: BulkScope) => void;
}

/** The selection form: the scope, the page's ids, the filter, the action buttons; and a pending confirmation. */
function BulkBar<T>({ bulk, rowIds, total, capped, filter, scope, count, onScope }: BulkBarProps<T>) {
  const { t, language } = useTranslation("ui");
  const location = useLocation();
  const totalText = `${numberFormat(language).format(total)}${capped ? "+" : ""}`;
  const confirmation = bulk.confirmation;
  const refusal = bulk.refusal ?? null;
  const errorId = `${bulk.formId}-error`;
  const fields: BulkFields = {
    kept: (name) => refusal?.values.find(([field]) => field === name)?.[1],
    invalid: (name) => (refusal?.field === name ? { "aria-invalid": true, "aria-describedby": errorId } : {}),
  };
  return (
    <>
      {confirmation && (
        <div role="alert" className="flex flex-col gap-3 border-b bg-destructive/5 px-5 py-4" data-testid="bulk-confirmation">
          <p className="font-medium text-foreground">{confirmation.message}</p>
          <Form method="post" className="flex flex-wrap gap-2">
            {confirmation.fields.map(([name, value], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fields may repeat (ids); their position is their identity.
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="confirmed" value="1" />
            <Button type="submit" variant="destructive">
              {confirmation.confirmLabel}
            </Button>
            <Link to={location.pathname + location.search} className={buttonVariants({ variant: "outline" })}>
              {t("cancel")}
            </Link>
          </Form>
        </div>
      )}
      <Form
        id={bulk.formId}
        method="post"
        aria-label={t("bulk.label")}
        className="flex flex-wrap items-center gap-3 border-b bg-muted/40 px-5 py-3"
        data-testid="bulk-bar"
      >
        <input type="hidden" name="filter" value={filter} />
        {rowIds.map((id) => (
          <input key={id} type="hidden" name="page_ids" value={id} />
        ))}
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap text-muted-foreground">{t("bulk.applyTo")}</span>
          <NativeSelect
            name="scope"
            {...(onScope
              ? { value: scope, onChange: (event: React.ChangeEvent<HTMLSelectElement>) => onScope(event.currentTarget.value as BulkScope) }
              : { defaultValue: scope })}
            {...fields.invalid("scope")}
            containerClassName="w-auto"
          >
            <option value="selected">
              {count !== null && scope === "selected" ? t("bulk.scopeTicked", { count }) : t("bulk.scopeTickedRows")}
            </option>
            <option value="page">{t("bulk.scopePage", { count: rowIds.length })}</option>
            <option value="all">{t("bulk.scopeAll", { total: totalText })}</option>
          </NativeSelect>
        </label>
        {/* On a phone a long action name wraps inside its button rather than push past the card. */}
        <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2 max-sm:[&_[data-slot=button]]:h-auto max-sm:[&_[data-slot=button]]:min-h-9 max-sm:[&_[data-slot=button]]:max-w-full max-sm:[&_[data-slot=button]]:shrink max-sm:[&_[data-slot=button]]:whitespace-normal max-sm:[&_[data-slot=button]]:py-1.5">
          {bulk.actions({ scope, count, fields })}
        </div>
        {refusal && (
          <p id={errorId} role="alert" data-slot="field-error" className="basis-full text-[0.8125rem] text-destructive">
            {refusal.message}
          </p>
        )}
      </Form>
    </>
  );
}

interface ColumnsMenuProps {
  columns: { id: string; label: string; visible: boolean }[];
  hidden: string[];
  lastVisible: string | null;
  searchParams: URLSearchParams;
  action: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

/**
 * Column visibility: a `<details>` disclosure holding a GET form. Each column is a submit button whose
 * value is the `hidden` list after toggling that column, so it works without JavaScript too.
 */
function ColumnsMenu({ columns, hidden, lastVisible, searchParams, action, onSubmit }: ColumnsMenuProps) {
  const { t } = useTranslation("ui");
  const details = React.useRef<HTMLDetailsElement>(null);

  React.useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const element = details.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDetailsElement>) {
    if (event.key === "Escape" && event.currentTarget.open) {
      event.currentTarget.open = false;
      event.currentTarget.querySelector("summary")?.focus();
    }
  }

  return (
    <details ref={details} className="relative" onKeyDown={onKeyDown}>
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "list-none border-input text-foreground hover:bg-accent [&::-webkit-details-marker]:hidden",
        )}
      >
        <Columns3 aria-hidden="true" />
        {t("dataTable.columns")}
      </summary>
      <Form
        method="get"
        action={action}
        onSubmit={onSubmit}
        aria-label={t("dataTable.columnsLabel")}
        className="absolute end-0 z-30 mt-2 flex min-w-48 flex-col rounded-md border bg-popover p-1.5 text-popover-foreground shadow-popover"
      >
        {[...searchParams]
          .filter(([key]) => key !== "hidden")
          .map(([key, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: query parameters may repeat; their position is their identity.
            <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
          ))}
        {columns.map((column) => {
          const next = column.visible ? [...hidden, column.id] : hidden.filter((id) => id !== column.id);
          return (
            <button
              key={column.id}
              type="submit"
              name="hidden"
              // "-": none hidden (an empty value would be dropped from the URL, and the remembered choice come back).
              value={next.join(",") || "-"}
              aria-pressed={column.visible}
              disabled={column.id === lastVisible}
              className="flex cursor-pointer items-center gap-2.5 rounded-sm px-2.5 py-2 text-start text-sm outline-none hover:bg-primary-subtle hover:text-primary-text focus-visible:bg-primary-subtle focus-visible:text-primary-text disabled:cursor-not-allowed disabled:opacity-50"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-4 items-center justify-center rounded-sm border-2",
                  column.visible ? "border-primary bg-primary text-primary-foreground" : "border-input",
                )}
              >
                {column.visible && <Check className="size-3 stroke-3" />}
              </span>
              {column.label}
            </button>
          );
        })}
      </Form>
    </details>
  );
}

interface PaginationProps {
  current: number;
  last: number;
  /** The last page is not known (a capped count). */
  open?: boolean;
  hrefFor: (page: number) => string;
  /** The list's click handler of its plain anchors (`routerLinkClick`). */
  onLinkClick: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}

const pageLinkClasses =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm outline-none transition-colors hover:bg-primary-subtle hover:text-primary-text focus-visible:ring-[3px] focus-visible:ring-ring";

function PageStep({
  page,
  label,
  icon,
  current,
  last,
  hrefFor,
  onLinkClick,
}: PaginationProps & { page: number; label: string; icon: React.ReactNode }) {
  const className = cn(pageLinkClasses, "bg-secondary [&_svg]:size-4 [&_svg]:rtl:rotate-180");
  if (page < 1 || page > last || page === current) {
    return (
      <span aria-disabled="true" className={cn(className, "cursor-not-allowed opacity-50 hover:bg-secondary")}>
        <span className="sr-only">{label}</span>
        {icon}
      </span>
    );
  }
  return (
    <a className={className} aria-label={label} href={hrefFor(page)} onClick={onLinkClick} data-discover="true">
      {icon}
    </a>
  );
}

function Pagination({ current, last, open, hrefFor, onLinkClick }: PaginationProps) {
  const { t } = useTranslation("ui");
  const nav = { current, last, hrefFor, onLinkClick };

  return (
    <nav aria-label={t("dataTable.pagination")}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <PageStep {...nav} page={1} label={t("dataTable.firstPage")} icon={<ChevronsLeft aria-hidden="true" />} />
        </li>
        <li>
          <PageStep {...nav} page={current - 1} label={t("dataTable.previousPage")} icon={<ChevronLeft aria-hidden="true" />} />
        </li>
        {pageWindow(current, last).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} className="px-1 text-muted-foreground" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === current ? (
                <a
                  aria-current="page"
                  aria-label={t("dataTable.page", { page: n })}
                  className={cn(
                    pageLinkClasses,
                    "bg-primary text-primary-foreground shadow-[0_2px_6px_0_color-mix(in_oklab,var(--primary)_30%,transparent)] hover:bg-primary hover:text-primary-foreground",
                  )}
                  href={hrefFor(n)}
                  onClick={onLinkClick}
                  data-discover="true"
                >
                  {n}
                </a>
              ) : (
                <a
                  aria-label={t("dataTable.page", { page: n })}
                  className={cn(pageLinkClasses, "bg-secondary")}
                  href={hrefFor(n)}
                  onClick={onLinkClick}
                  data-discover="true"
                >
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          <PageStep {...nav} page={current + 1} label={t("dataTable.nextPage")} icon={<ChevronRight aria-hidden="true" />} />
        </li>
        {/* A capped count has no known last page: "next" is the way on. */}
        {!open && (
          <li>
            <PageStep {...nav} page={last} label={t("dataTable.lastPage")} icon={<ChevronsRight aria-hidden="true" />} />
          </li>
        )}
      </ul>
    </nav>
  );
}
