import type * as React from "react";
import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { PageTitle } from "~/components/page-title";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** Title (also the document title), a line of description, an optional back link and actions. */
export function PageHeader({
  title,
  description,
  backTo,
  actions,
}: {
  title: string;
  description?: string;
  backTo?: string;
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <PageTitle title={title} />
      <div className="flex min-w-0 items-start gap-3">
        {backTo && (
          <Link
            to={backTo}
            aria-label={t("actions.back")}
            className={cn(buttonVariants({ variant: "outline", size: "icon" }), "mt-0.5 shrink-0 [&_svg]:rtl:rotate-180")}
          >
            <ArrowLeft aria-hidden="true" />
          </Link>
        )}
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl">{title}</h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
    </div>
  );
}
