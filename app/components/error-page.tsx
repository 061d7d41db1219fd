import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { KeptForm } from "../lib/types";
import { PageTitle } from "./page-title";
import { Button } from "./ui/button";

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
  /** What a form post without JavaScript typed, when the page around the form could not be drawn again. */
  kept?: KeptForm;
}

/** What a boundary knows about an error: its status and, for "too many requests", when to retry. */
export function errorPageProps(error: unknown): ErrorPageProps {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const details = (error.data ?? {}) as { retryAfter?: unknown; upstream?: unknown; appName?: unknown; kept?: KeptForm };
  return {
    status: error.status,
    retryAfter: typeof details.retryAfter === "number" ? details.retryAfter : undefined,
    upstream: details.upstream === "not-found" || details.upstream === "not-offered" ? details.upstream : undefined,
    appName: typeof details.appName === "string" && details.appName ? details.appName : undefined,
    kept: Array.isArray(details.kept?.fields) ? details.kept : undefined,
  };
}

/** Fields that steer the action rather than hold what the user typed: sent again, not shown. */
const STEERING_FIELD = /^(intent|redirectTo|_.*)$/;

/** `first_name` → "First name", `addresses[0].street` → "Addresses 0 street": the posted name, readable. */
function fieldLabel(name: string): string {
  const words = name
    .replace(/\[\]$/, "")
    .replace(/[_.[\]]+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What a failed form post typed, on the page that replaced the form: each field with its values, and a
 * button that posts them again to the same address (a plain form post, with or without JavaScript).
 */
function KeptFormPanel({ kept }: { kept: KeptForm }) {
  const { t } = useTranslation("errors");
  const location = useLocation();
  const shown = new Map<string, string[]>();
  for (const [name, value] of kept.fields) {
    if (STEERING_FIELD.test(name) || value === "") continue;
    shown.set(name, [...(shown.get(name) ?? []), value]);
  }
  return (
    <form method="post" action={`${location.pathname}${location.search}`} className="w-full max-w-md rounded-md border p-4 text-start">
      <h2 className="font-semibold">{t("kept.title")}</h2>
      <p className="mt-1 text-muted-foreground text-sm">{t("kept.message")}</p>
      {shown.size > 0 ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {[...shown].map(([name, values]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{fieldLabel(name)}</dt>
              <dd className="break-words" dir="auto">
                {values.join(", ")}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {kept.omitted ? <p className="mt-3 text-sm">{t("kept.omitted")}</p> : null}
      {kept.fields.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the posted order is the identity (names repeat)
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" className="mt-4">
        {t("kept.sendAgain")}
      </Button>
    </form>
  );
}

/**
 * The generic error pages of §8 (404 not found, 401 not authorized, 500 server error) and the upstream
 * ones: 503 service unavailable and 429 too many requests, which say the user is still signed in.
 */
export function ErrorPage({ status, signedIn = false, retryAfter, upstream, appName, kept }: ErrorPageProps & { signedIn?: boolean }) {
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
      {retry && kept ? <KeptFormPanel kept={kept} /> : null}
      {retry && !kept ? (
        // The same address again as a full page load, with or without JavaScript (after a failed post,
        // "Send again" takes its place: a reload would drop what was typed).
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
