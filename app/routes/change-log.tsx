import { PageTitle } from "~/components/page-title";
import { Card, CardContent } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { renderChangelog } from "~/lib/logs/changelog.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import changelog from "../../CHANGELOG.md?raw";
import type { Route } from "./+types/change-log";

export const handle: StringsHandle = { i18n: ["logs"] };

/** The portal's release notes (CHANGELOG.md, newest first), rendered on the server. */
export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "change-log");
  return { html: renderChangelog(changelog) };
}

export default function ChangeLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("logs");
  return (
    <div className="space-y-6">
      <PageTitle title={t("changeLog.title")} />
      <div>
        <h1 className="font-semibold text-2xl">{t("changeLog.title")}</h1>
        <p className="text-muted-foreground">{t("changeLog.description")}</p>
      </div>
      <Card>
        <CardContent>
          {/* The HTML comes from our own CHANGELOG.md through the sanitising renderer above. */}
          <article
            lang="en"
            dir="ltr"
            className="changelog text-sm leading-relaxed [&_a]:text-primary-text [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.8125rem] [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:border-b [&_h2]:pb-2 [&_h2]:font-semibold [&_h2]:text-foreground [&_h2]:text-xl [&_h2:first-child]:mt-0 [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-base [&_h3]:text-foreground [&_li]:mt-1 [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-6"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side rendering of our own Markdown.
            dangerouslySetInnerHTML={{ __html: loaderData.html }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
