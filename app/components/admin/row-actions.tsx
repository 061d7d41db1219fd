import * as React from "react";
import { Link } from "react-router";
import { Pencil, Trash2 } from "~/components/icons";
import { RouterLinkClick } from "~/components/layout/menu-links";
import { buttonVariants } from "~/components/ui/button";
import { ConfirmDialog, type RowForm } from "~/components/ui/confirm-dialog";
import type { ColumnDef } from "~/components/ui/data-table";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** The action cell of a list row: icon buttons, end-aligned. */
export function RowActions({ children }: { children: React.ReactNode }) {
  return <div className="flex items-center justify-end gap-1">{children}</div>;
}

/** The actions column of a list: labelled for screen readers only, end-aligned, never hidden. */
export function actionsColumn<Row>(label: string, actions: (row: Row) => React.ReactNode): ColumnDef<Row> {
  return {
    id: "actions",
    enableHiding: false,
    header: () => <span className="sr-only">{label}</span>,
    meta: { label, className: "text-end" },
    cell: ({ row }) => <RowActions>{actions(row.original)}</RowActions>,
  };
}

const editLinkClasses = cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-muted-foreground");

/**
 * A row's edit link (`to`: an absolute path). In a list it is a plain anchor with the list's click handler
 * (`RouterLinkClick`): a `<Link>` per row ran the router's hooks for the same `href` and navigation (decision 064).
 */
export function EditLink({ to, label }: { to: string; label: string }) {
  const onClick = React.useContext(RouterLinkClick);
  const icon = <Pencil aria-hidden="true" />;
  if (!onClick) {
    return (
      <Link to={to} aria-label={label} title={label} className={editLinkClasses}>
        {icon}
      </Link>
    );
  }
  return (
    <a aria-label={label} title={label} className={editLinkClasses} href={to} onClick={onClick} data-discover="true">
      {icon}
    </a>
  );
}

/** A list's row delete: `intent=delete` and the row's `id` to the list route's action (its `DataTable`'s `rowForms`). */
export const DELETE_ROW: RowForm = { name: "delete", fields: { intent: "delete" } };

/** Delete with confirmation: posts `intent=delete` and the id to the list route's action (`DELETE_ROW`). */
export function DeleteButton({
  id,
  label,
  title,
  description,
}: {
  id: number;
  label: string;
  /** Written when the dialog opens (`ConfirmDialog`'s `title` as a function). */
  title: () => string;
  description: () => string;
}) {
  const { t } = useTranslation("admin");
  return (
    <ConfirmDialog
      destructive
      title={title}
      description={description}
      confirmLabel={t("actions.delete")}
      row={{ form: DELETE_ROW, name: "id", value: id }}
      triggerProps={{
        variant: "ghost",
        size: "icon",
        "aria-label": label,
        title: label,
        className: "text-muted-foreground hover:text-destructive",
      }}
    >
      <Trash2 aria-hidden="true" />
    </ConfirmDialog>
  );
}
