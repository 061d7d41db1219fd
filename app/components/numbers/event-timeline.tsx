import { formatDateTime } from "~/components/admin/format";
import type { ActivityEntry } from "~/components/logs/types";
import { useTranslation } from "~/lib/i18n";

/**
 * What happened to an order or a number, oldest first: the action's title, the person who did it (both people
 * when someone acted while masquerading), and when.
 */
export function EventTimeline({ entries, titles, label }: { entries: ActivityEntry[]; titles: Record<string, string>; label: string }) {
  const { t, language } = useTranslation("numbers");
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">{t("history.noEvents")}</p>;
  return (
    <ol aria-label={label} className="space-y-3 border-s ps-4">
      {entries.map((entry) => (
        <li key={entry.id} className="relative text-sm" data-action={entry.action}>
          <span aria-hidden="true" className="-start-[1.3rem] absolute top-1.5 size-2 rounded-full bg-primary" />
          <p className="font-medium">{titles[entry.action] ?? entry.action}</p>
          <p className="text-muted-foreground">
            {entry.actor === null
              ? t("history.bySystem")
              : entry.masquerader
                ? t("history.byMasquerading", { name: entry.actor.name, masquerader: entry.masquerader.name })
                : t("history.by", { name: entry.actor.name })}
            {" · "}
            <time dateTime={entry.created_at}>{formatDateTime(language, entry.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
