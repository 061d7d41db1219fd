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

export interface ErrorPageProps {
  status: number;
  /** For "too many requests": seconds to wait. */
  retryAfter?: number;
  /** A 404 from the backend: it has no such record or page (`not-found`), or does not offer the tool (`not-offered`). */
  upstream?: "not-found" | "not-offered";
  /** The portal's name, when the page has no root loader data (an error thrown by middleware). */
  appName?: string;
}

/** What a boundary knows about an error: its status and, for "too many requests", when to retry. */
export function errorPageProps(error: unknown): ErrorPageProps {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const details = (error.data ?? {}) as { retryAfter?: unknown; upstream?: unknown; appName?: unknown };
  return {
    status: error.status,
    retryAfter: typeof details.retryAfter === "number" ? details.retryAfter : undefined,
    upstream: details.upstream === "not-found" || details.upstream === "not-offered" ? details.upstream : undefined,
    appName: typeof details.appName === "string" && details.appName ? details.appName : undefined,
  };
}

/**
 * The generic error pages of §8 (404 not found, 401 not authorized, 500 server error) and the upstream
 * ones: 503 service unavailable and 429 too many requests, which say the user is still signed in.
 */
export function ErrorPage({ status, signedIn = false, retryAfter, upstream, appName }: ErrorPageProps & { signedIn?: boolean }) {
  const { t } = useTranslation("errors");
  const kind = KIND[status as keyof typeof KIND];
  const title = upstream === "not-offered" ? t("notOffered.title") : kind ? t(`${kind}.title`) : t("generic.title");
  const message =
    status === 404 && upstream === "not-offered"
      ? t("notOffered.message")
      : status === 404 && upstream === "not-found"
        ? t("notFound.upstreamMessage")
        : kind
          ? t(`${kind}.message`, { seconds: retryAfter ?? 60 })
          : t("generic.message", { status });
  const retry = status === 503 || status === 429;
  const location = useLocation();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center" data-status={status}>
      <PageTitle title={`${status} ${title}`} appName={appName} />
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
