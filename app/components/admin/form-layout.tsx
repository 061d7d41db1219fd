import type * as React from "react";
import { Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** A titled card of form fields laid out in two columns on wide screens. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** Cancel (back to the list) and submit; the submit button says so while the form is being saved. */
export function FormActions({ cancelTo, submitLabel, formId }: { cancelTo: string; submitLabel: string; formId: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <Link to={cancelTo} className={cn(buttonVariants({ variant: "secondary" }))}>
        {t("actions.cancel")}
      </Link>
      <Button type="submit" form={formId} disabled={saving}>
        {saving ? t("actions.saving") : submitLabel}
      </Button>
    </div>
  );
}
