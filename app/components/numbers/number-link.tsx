import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A phone number as every list shows it: formatted, isolated left-to-right (it never reorders in Arabic), and a
 * link to its page when it is in the inventory (`id`); plain text otherwise. `label` is the formatted number, from
 * the loader's `phoneLabels` (read with `phoneFormatter`).
 */
export function NumberLink({ label, id, className }: { label: string; id: number | null | undefined; className?: string }) {
  const text = (
    <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
      {label}
    </bdi>
  );
  if (!id) return <span className={className}>{text}</span>;
  return (
    <Link to={`/tools/numbers/${id}`} className={cn("text-primary-text underline underline-offset-4", className)}>
      {text}
    </Link>
  );
}
