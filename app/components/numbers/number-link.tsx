import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { formatPhoneNumber } from "./format";

/**
 * A phone number as every list shows it: formatted, isolated left-to-right (it never reorders in Arabic), and a
 * link to its page when it is in the inventory (`id`); plain text otherwise.
 */
export function NumberLink({ e164, id, className }: { e164: string; id: number | null | undefined; className?: string }) {
  const text = (
    <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
      {formatPhoneNumber(e164)}
    </bdi>
  );
  if (!id) return <span className={className}>{text}</span>;
  return (
    <Link to={`/tools/numbers/${id}`} className={cn("text-primary-text underline underline-offset-4", className)}>
      {text}
    </Link>
  );
}
