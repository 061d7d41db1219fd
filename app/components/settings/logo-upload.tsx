import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { ImageUp, Trash2 } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ErrorList } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { LOGO_ACCEPT, type LogoKind } from "./logos";

/**
 * One logo: its preview on the background it is drawn on, a multipart upload form and a remove button
 * (with confirmation). Plain forms, so both work without JavaScript.
 */
export function LogoUpload({ kind, url, errors }: { kind: LogoKind; url: string | null; errors?: string[] }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("kind") === kind;
  // The "dark" logo is drawn on dark backgrounds (dark theme, semi-dark menu), the others on light ones.
  const dark = kind === "dark";
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4" data-logo-kind={kind}>
      <div>
        <h3 className="font-medium">{t(`logos.kinds.${kind}`)}</h3>
        <p className="text-muted-foreground text-sm">{t(`logos.hints.${kind}`)}</p>
      </div>
      <div
        className={cn("flex h-24 items-center justify-center rounded-md border border-dashed p-3", dark ? "bg-neutral-900" : "bg-white")}
      >
        {url ? (
          <img
            src={url}
            alt={t("logos.current", { kind: t(`logos.kinds.${kind}`) })}
            className={kind === "collapsed" ? "h-[35px] w-auto" : "h-[55px] w-auto max-w-full"}
          />
        ) : (
          <span className={cn("text-sm", dark ? "text-neutral-400" : "text-neutral-500")}>{t("logos.none")}</span>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2" aria-labelledby={`${id}-label`}>
        <input type="hidden" name="intent" value="upload-logo" />
        <input type="hidden" name="kind" value={kind} />
        <Label id={`${id}-label`} htmlFor={`${id}-file`}>
          {t("logos.choose")}
        </Label>
        <Input
          id={`${id}-file`}
          type="file"
          name="file"
          accept={LOGO_ACCEPT}
          required
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ""}`}
          className="h-auto py-1.5"
        />
        <p id={`${id}-hint`} className="text-[0.8125rem] text-muted-foreground">
          {t("logos.constraints")}
        </p>
        <ErrorList id={`${id}-error`} errors={errors} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={busy}>
            <ImageUp aria-hidden="true" />
            {t("logos.upload")}
          </Button>
        </div>
      </Form>
      {url && (
        <ConfirmDialog
          fields={{ intent: "delete-logo", kind }}
          title={t("logos.removeTitle", { kind: t(`logos.kinds.${kind}`) })}
          description={t("logos.removeDescription")}
          confirmLabel={t("logos.remove")}
          destructive
          triggerProps={{ variant: "ghost", className: "self-start text-destructive hover:text-destructive" }}
        >
          <Trash2 aria-hidden="true" />
          {t("logos.remove")}
        </ConfirmDialog>
      )}
    </div>
  );
}
