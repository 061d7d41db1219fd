import { Link } from "react-router";
import type { Icon as LucideIcon } from "~/components/icons";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

const TONES = {
  primary: "bg-primary-subtle text-primary",
  success: "bg-[color-mix(in_oklab,var(--success)_16%,transparent)] text-success",
  info: "bg-[color-mix(in_oklab,var(--info)_16%,transparent)] text-info",
  warning: "bg-[color-mix(in_oklab,var(--warning)_16%,transparent)] text-warning",
  destructive: "bg-[color-mix(in_oklab,var(--destructive)_16%,transparent)] text-destructive",
} as const;

/** One dashboard figure: icon, value and label; a link to its list when the user may open it. */
export function FigureCard({
  id,
  label,
  value,
  icon: Icon,
  tone,
  href,
}: {
  id: string;
  label: string;
  value: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  href?: string | null;
}) {
  const body = (
    <>
      <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-md", TONES[tone])}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <span className="flex flex-col">
        <span className="font-semibold text-2xl text-foreground tabular-nums">{value}</span>
        <span className="text-muted-foreground text-sm">{label}</span>
      </span>
    </>
  );
  return (
    <Card className="py-5" data-figure={id}>
      {href ? (
        <Link
          to={href}
          className="mx-5 flex items-center gap-4 rounded-md outline-none hover:[&_span.text-2xl]:text-primary-text focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {body}
        </Link>
      ) : (
        <div className="mx-5 flex items-center gap-4">{body}</div>
      )}
    </Card>
  );
}
