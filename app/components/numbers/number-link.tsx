import * as React from "react";
import { Link } from "react-router";
import { RouterLinkClick } from "~/components/layout/menu-links";
import { cn } from "~/lib/utils";

/**
 * A phone number as every list shows it: formatted, isolated left-to-right (it never reorders in Arabic), and a
 * link to its page when it is in the inventory (`id`); plain text otherwise. `label` is the formatted number, from
 * the loader's `phoneLabels` (read with `phoneFormatter`). In a list it is a plain anchor with the list's click
 * handler (`RouterLinkClick`), as a row's edit link is: a `<Link>` per row ran the router's hooks for the same
 * `href` and navigation (decision 064).
 */
export function NumberLink({ label, id, className }: { label: string; id: number | null | undefined; className?: string }) {
  const onClick = React.useContext(RouterLinkClick);
  const text = (
    <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
      {label}
    </bdi>
  );
  if (!id) return <span className={className}>{text}</span>;
  const to = `/tools/numbers/${id}`;
  const classes = cn("text-primary-text underline underline-offset-4", className);
  if (!onClick) {
    return (
      <Link to={to} className={classes}>
        {text}
      </Link>
    );
  }
  return (
    <a className={classes} href={to} onClick={onClick} data-discover="true">
      {text}
    </a>
  );
}
