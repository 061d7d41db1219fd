import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  Columns3Icon,
  DownloadIcon,
  SearchIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { numberFormat } from "~/lib/intl";
import { compactListQuery, PAGE_SIZES, type Paginated, parseListParams, SEARCH_MAX_BYTES, withListParams } from "~/lib/list-params";
import { cn } from "~/lib/utils";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Column name for headers, the columns menu and sort labels. */
    label: string;
    /** Header is a link that sorts the list by this column id (`sort=<id>&direction=asc|desc`). */
    sortable?: boolean;
    /** Extra classes for the header and body cells (e.g. `text-end` for actions). */
    className?: string;
  }
}

export interface DataTableProps<T> {
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column.
  columns: ColumnDef<T, any>[];
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

/** Page numbers around the current page, with `null` for a gap: 1 … 4 5 6 … 20. */
export function pageWindow(current: number, last: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= last; n++) {
    if (n === 1 || n === last || Math.abs(n - current) <= radius) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/**
 * The one list table of the portal: TanStack Table in manual mode, with its whole state in the URL
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
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation("ui");
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formId = React.useId();
  const list = parseListParams(searchParams);
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

  const sorting: SortingState = list.sort ? [{ id: list.sort, desc: list.direction === "desc" }] : [];
  const columnVisibility: VisibilityState = Object.fromEntries(list.hidden.map((id) => [id, false]));

  const table = useReactTable({
    data: page.data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    defaultColumn: { header: ({ column }) => column.columnDef.meta?.label ?? column.id },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    pageCount: page.last_page,
    rowCount: page.total,
    state: {
      sorting,
      columnVisibility,
      pagination: { pageIndex: page.current_page - 1, pageSize: page.per_page },
    },
  });

  const busy = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const toHref = (changes: Record<string, string | number | null>) => ({
    pathname: location.pathname,
    search: withListParams(searchParams, changes),
  });

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

  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide() && column.columnDef.meta?.label);
  const visibleHideable = hideable.filter((column) => column.getIsVisible());
  const rows = table.getRowModel().rows;
  const visibleCount = table.getVisibleLeafColumns().length;

  return (
    <div data-slot="data-table" className={cn("flex flex-col", className)}>
      <div className="flex flex-col gap-4 border-b p-5">
        <Form id={formId} method="get" action={location.pathname} onSubmit={onSubmit} onChange={onControlChange}>
          {filters && (
            <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <legend className="sr-only">{label}</legend>
              {filters}
            </fieldset>
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

          <div className="ms-auto flex flex-wrap items-center gap-3">
            {searchable && (
              <div className="relative">
                <SearchIcon
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
                  className="w-56 ps-9"
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
                  label: column.columnDef.meta?.label ?? column.id,
                  visible: column.getIsVisible(),
                }))}
                hidden={list.hidden}
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
                <DownloadIcon aria-hidden="true" />
                {t("dataTable.export")}
              </a>
            )}
            {toolbar}
          </div>
        </div>
      </div>

      <div className={cn("overflow-x-auto transition-opacity", busy && "opacity-60")} aria-busy={busy || undefined}>
        <table className="w-full caption-bottom border-collapse text-sm">
          <caption className="sr-only">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sorted = list.sort === header.column.id ? list.direction : null;
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className={cn(
                        "h-12 whitespace-nowrap px-5 text-start align-middle font-medium text-[0.8125rem] text-foreground uppercase tracking-wide",
                        meta?.className,
                      )}
                    >
                      {meta?.sortable && !header.isPlaceholder ? (
                        <Link
                          to={toHref({
                            sort: header.column.id,
                            direction: sorted === "asc" ? "desc" : "asc",
                          })}
                          className="-mx-1 inline-flex items-center gap-1.5 rounded-sm px-1 outline-none hover:text-primary-text focus-visible:ring-[3px] focus-visible:ring-ring"
                        >
                          {content}
                          {sorted === "asc" ? (
                            <ArrowUpIcon aria-hidden="true" className="size-3.5 text-primary" />
                          ) : sorted === "desc" ? (
                            <ArrowDownIcon aria-hidden="true" className="size-3.5 text-primary" />
                          ) : (
                            <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-40" />
                          )}
                          <span className="sr-only">
                            {sorted === "asc"
                              ? `, ${t("dataTable.sortedAscending")}`
                              : sorted === "desc"
                                ? `, ${t("dataTable.sortedDescending")}`
                                : ""}
                          </span>
                        </Link>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={visibleCount} className="px-5 py-10 text-center text-muted-foreground">
                  {emptyMessage ?? t("dataTable.empty")}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-b transition-colors last:border-b-0 hover:bg-accent">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cn("px-5 py-3 align-middle text-muted-foreground", cell.column.columnDef.meta?.className)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t px-5 py-4">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {page.total_capped
            ? t("dataTable.showingCapped", {
                from: page.from ?? 0,
                to: page.to ?? 0,
                total: numberFormat(i18n.language).format(page.total),
              })
            : t("dataTable.showing", { from: page.from ?? 0, to: page.to ?? 0, total: page.total })}
        </p>
        {page.last_page > 1 && (
          <Pagination
            current={page.current_page}
            last={page.last_page}
            open={page.total_capped === true}
            hrefFor={(n) => toHref({ page: n })}
          />
        )}
      </div>
    </div>
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
        <Columns3Icon aria-hidden="true" />
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
              value={next.join(",")}
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
                {column.visible && <CheckIcon className="size-3" strokeWidth={3} />}
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
  hrefFor: (page: number) => { pathname: string; search: string };
}

const pageLinkClasses =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm outline-none transition-colors hover:bg-primary-subtle hover:text-primary-text focus-visible:ring-[3px] focus-visible:ring-ring";

function PageStep({ page, label, icon, current, last, hrefFor }: PaginationProps & { page: number; label: string; icon: React.ReactNode }) {
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
    <Link to={hrefFor(page)} className={className} aria-label={label}>
      {icon}
    </Link>
  );
}

function Pagination({ current, last, open, hrefFor }: PaginationProps) {
  const { t } = useTranslation("ui");
  const nav = { current, last, hrefFor };

  return (
    <nav aria-label={t("dataTable.pagination")}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <PageStep {...nav} page={1} label={t("dataTable.firstPage")} icon={<ChevronsLeftIcon aria-hidden="true" />} />
        </li>
        <li>
          <PageStep {...nav} page={current - 1} label={t("dataTable.previousPage")} icon={<ChevronLeftIcon aria-hidden="true" />} />
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
                <Link
                  to={hrefFor(n)}
                  aria-current="page"
                  aria-label={t("dataTable.page", { page: n })}
                  className={cn(
                    pageLinkClasses,
                    "bg-primary text-primary-foreground shadow-[0_2px_6px_0_color-mix(in_oklab,var(--primary)_30%,transparent)] hover:bg-primary hover:text-primary-foreground",
                  )}
                >
                  {n}
                </Link>
              ) : (
                <Link to={hrefFor(n)} aria-label={t("dataTable.page", { page: n })} className={cn(pageLinkClasses, "bg-secondary")}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          <PageStep {...nav} page={current + 1} label={t("dataTable.nextPage")} icon={<ChevronRightIcon aria-hidden="true" />} />
        </li>
        {/* A capped count has no known last page: "next" is the way on. */}
        {!open && (
          <li>
            <PageStep {...nav} page={last} label={t("dataTable.lastPage")} icon={<ChevronsRightIcon aria-hidden="true" />} />
          </li>
        )}
      </ul>
    </nav>
  );
}
