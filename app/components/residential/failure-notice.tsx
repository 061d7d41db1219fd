import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { translateError } from "~/lib/validation-message";
import type { ResidentialDraft } from "./types";
import { residentialUrl } from "./wizard";

/**
 * Why the last submission failed (everything it did was undone), shown on every step until the draft changes,
 * with the way to the step to fix. Carrier reasons (`carrier.*`) are the porting namespace's.
 */
export function FailureNotice({ draft }: { draft: Pick<ResidentialDraft, "id" | "failure"> }) {
  const { t } = useTranslation("residential");
  const { failure } = draft;
  if (!failure) return null;
  const part = t(`review.failure.parts.${failure.part}`);
  const reason = translateError(t, failure.reason.startsWith("carrier.") ? `porting:${failure.reason}` : failure.reason);
  return (
    <Alert variant="destructive" data-testid="residential-failure">
      <AlertTitle>{t("review.failure.title")}</AlertTitle>
      <AlertDescription>
        <p>{t("review.failure.description", { part, reason })}</p>
        <Link to={residentialUrl.step(draft.id, failure.part)} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-2")}>
          {t("review.failure.fix", { part })}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
