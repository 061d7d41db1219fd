import { useEffect } from "react";
import { notify } from "~/components/toasts";
import type { FormReply } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { translateError, useMessageStrings } from "~/lib/validation-message";

/**
 * A failed submission shows its field errors in place and an error toast: the form-level messages when
 * there are any, otherwise a hint to check the highlighted fields.
 */
export function useFormErrorToast(reply: FormReply | undefined) {
  const { t } = useTranslation("admin");
  useMessageStrings(reply?.result.status === "error" ? toastMessages(reply) : undefined);
  useEffect(() => {
    if (reply?.result.status !== "error") return;
    const messages = toastMessages(reply);
    if (messages.length === 0) notify({ type: "error", message: t("errors.checkFields") });
    for (const message of messages) notify({ type: "error", message: translateError(t, message) });
  }, [reply, t]);
}

function toastMessages(reply: FormReply): string[] {
  return reply.toasts?.length ? reply.toasts : (reply.result.error?.[""] ?? []);
}
