import { Form, useNavigation } from "react-router";
import { RotateCcw } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import type { MailEntry } from "./types";

/**
 * "Retry" on a failed or unsent e-mail (issue 24): a plain form post (`intent=retry`, `id`) to the screen's own
 * action, so it works without JavaScript; the backend queues the stored message again.
 */
export function MailRetryButton({ mail, compact = false }: { mail: Pick<MailEntry, "id" | "to">; compact?: boolean }) {
  const { t } = useTranslation("logs");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === String(mail.id);
  const label = t("mail.retryLabel", { to: mail.to });
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={mail.id} />
      <Button
        type="submit"
        variant={compact ? "ghost" : "outline"}
        size={compact ? "sm" : "default"}
        aria-label={label}
        title={label}
        disabled={pending}
      >
        <RotateCcw aria-hidden="true" />
        {t("mail.retry")}
      </Button>
    </Form>
  );
}
