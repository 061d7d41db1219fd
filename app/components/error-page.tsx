import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "./page-title";

const KIND = { 404: "notFound", 401: "notAuthorized", 403: "notAuthorized", 500: "serverError" } as const;

/** The generic error pages of §8: 404 not found, 401 not authorized, 500 server error. */
export function ErrorPage({ status, signedIn = false }: { status: number; signedIn?: boolean }) {
  const { t } = useTranslation("errors");
  const kind = KIND[status as keyof typeof KIND];
  const title = kind ? t(`${kind}.title`) : t("generic.title");
  const message = kind ? t(`${kind}.message`) : t("generic.message", { status });
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center" data-status={status}>
      <PageTitle title={`${status} ${title}`} />
      <p className="font-semibold text-7xl text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="font-semibold text-2xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <Link
        to={status === 401 && !signedIn ? "/login" : "/"}
        className="inline-flex h-9 items-center rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary/90"
      >
        {status === 401 && !signedIn ? t("signIn") : t("backToHome")}
      </Link>
    </div>
  );
}
