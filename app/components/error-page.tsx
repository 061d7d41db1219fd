import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { PageTitle } from "./page-title";

const KIND = {
  404: "notFound",
  401: "notAuthorized",
  403: "notAuthorized",
  429: "throttled",
  500: "serverError",
  503: "unavailable",
} as const;

/** What a boundary knows about an error: its status and, for "too many requests", when to retry. */
export function errorPageProps(error: unknown): { status: number; retryAfter?: number } {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
  return { status: error.status, retryAfter: typeof retryAfter === "number" ? retryAfter : undefined };
}

/**
 * The generic error pages of §8 (404 not found, 401 not authorized, 500 server error) and the upstream
 * ones: 503 service unavailable and 429 too many requests, which say the user is still signed in.
 */
export function ErrorPage({ status, signedIn = false, retryAfter }: { status: number; signedIn?: boolean; retryAfter?: number }) {
  const { t } = useTranslation("errors");
  const kind = KIND[status as keyof typeof KIND];
  const title = kind ? t(`${kind}.title`) : t("generic.title");
  const message = kind ? t(`${kind}.message`, { seconds: retryAfter ?? 60 }) : t("generic.message", { status });
  const retry = status === 503 || status === 429;
  const location = useLocation();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center" data-status={status}>
      <PageTitle title={`${status} ${title}`} />
      <p className="font-semibold text-7xl text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="font-semibold text-2xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      {retry ? (
        // The same address again as a full page load, with or without JavaScript.
        <Link
          to={`${location.pathname}${location.search}`}
          reloadDocument
          className="inline-flex h-9 items-center rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary/90"
        >
          {t("tryAgain")}
        </Link>
      ) : null}
      <Link
        to={status === 401 && !signedIn ? "/login" : "/"}
        className={
          retry
            ? "inline-flex h-9 items-center rounded-md border px-4 font-medium text-sm hover:bg-accent"
            : "inline-flex h-9 items-center rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary/90"
        }
      >
        {status === 401 && !signedIn ? t("signIn") : t("backToHome")}
      </Link>
    </div>
  );
}
