import { Form } from "react-router";
import { VenetianMask } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

/** Shown on every page while masquerading: names both users and offers "End". */
export function MasqueradeBanner({ masquerader, user }: { masquerader: string; user: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="masquerade-banner"
      className="flex flex-wrap items-center justify-center gap-3 bg-warning px-4 py-2 font-medium text-sm text-white"
    >
      <VenetianMask className="size-4" aria-hidden="true" />
      <span>{t("masquerade.banner", { masquerader, user })}</span>
      <Form method="post" action="/masquerade">
        <input type="hidden" name="intent" value="end" />
        <Button type="submit" size="sm" variant="secondary">
          {t("masquerade.end")}
        </Button>
      </Form>
    </div>
  );
}
