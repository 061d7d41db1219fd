import { Form } from "react-router";
import { CircleAlert, CircleCheck, CircleX } from "~/components/icons";
import { PageTitle } from "~/components/page-title";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getEnv } from "~/lib/cloudflare.server";
import { useTranslation } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/status";

interface Check {
  id: "portal" | "backend" | "kv" | "d1" | "r2";
  state: "operational" | "degraded" | "down";
  ms: number | null;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T | null; ok: boolean }> {
  const started = performance.now();
  try {
    const value = await work();
    return { ms: Math.round(performance.now() - started), value, ok: true };
  } catch {
    return { ms: Math.round(performance.now() - started), value: null, ok: false };
  }
}

/** System status (§1): live health of the portal's dependencies — backend, KV, D1, R2. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "status");
  const env = getEnv(context);
  const [backend, kv] = await Promise.all([
    timed(() => api.call<{ status: string; checks: Record<string, { ok: boolean; ms: number }> }>("/api/health", { on401: "throw" })),
    timed(() => env.SESSIONS.get("health:probe")),
  ]);
  const checks: Check[] = [
    { id: "portal", state: "operational", ms: 0 },
    { id: "backend", state: backend.ok ? (backend.value?.status === "ok" ? "operational" : "degraded") : "down", ms: backend.ms },
    { id: "kv", state: kv.ok ? "operational" : "down", ms: kv.ms },
  ];
  for (const id of ["d1", "r2"] as const) {
    const check = backend.value?.checks?.[id];
    checks.push({ id, state: check ? (check.ok ? "operational" : "down") : "down", ms: check?.ms ?? null });
  }
  return { checks, checkedAt: new Date().toISOString() };
}

const ICONS = { operational: CircleCheck, degraded: CircleAlert, down: CircleX } as const;
const COLORS = { operational: "text-success", degraded: "text-warning", down: "text-destructive" } as const;

export default function Status({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  return (
    <div className="space-y-6">
      <PageTitle title={t("status.title")} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-semibold text-2xl">{t("status.title")}</h1>
          <p className="text-muted-foreground">{t("status.description")}</p>
        </div>
        <Form method="get">
          <Button type="submit" variant="outline">
            {t("status.refresh")}
          </Button>
        </Form>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("status.title")}</CardTitle>
          <CardDescription>{t("status.checkedAt", { time: new Date(loaderData.checkedAt).toLocaleTimeString(language) })}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {loaderData.checks.map((check) => {
              const Icon = ICONS[check.state];
              return (
                <li key={check.id} className="flex items-center gap-3 py-3" data-check={check.id} data-state={check.state}>
                  <Icon className={`size-5 ${COLORS[check.state]}`} aria-hidden="true" />
                  <span className="flex-1">{t(`status.${check.id}`)}</span>
                  {check.ms !== null && (
                    <span className="text-muted-foreground text-sm tabular-nums">
                      {t("status.latency", { ms: numberFormat(language).format(check.ms) })}
                    </span>
                  )}
                  <span className={`font-medium text-sm ${COLORS[check.state]}`}>{t(`status.${check.state}`)}</span>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
