import type * as React from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

/** The dialog of `ConfirmDialog` (loaded lazily): its confirm button submits the trigger's form by id. */
export default function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  formId,
  submit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description?: React.ReactNode;
  confirmLabel?: string;
  destructive: boolean;
  formId: string;
  /** Confirming submits another form with this name and value, and `confirmed=1` (ConfirmDialog's `form`). */
  submit?: { name: string; value: string };
}) {
  const { t } = useTranslation("ui");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent {...(description ? {} : { "aria-describedby": undefined })}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title ?? t("confirm.title")}</AlertDialogTitle>
          {description && <AlertDialogDescription>{description}</AlertDialogDescription>}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
          {submit && <input type="hidden" form={formId} name="confirmed" value="1" />}
          <Button type="submit" form={formId} name={submit?.name} value={submit?.value} variant={destructive ? "destructive" : "default"}>
            {confirmLabel ?? t("confirm.confirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
