import { type FormMetadata, getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import type { FormReply } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { translateError, useMessageStrings } from "~/lib/validation-message";

/**
 * One tab of the profile: a card holding one form that posts to the tab's own URL, its form-level
 * errors, and a submit button. A failed save also shows the action's error toasts.
 */
export function ProfileTabForm<Schema extends Record<string, unknown>>({
  form,
  action,
  title,
  description,
  submitLabel,
  reply,
  reloadDocument,
  contentClassName,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  action: string;
  title: string;
  description: string;
  submitLabel: string;
  reply: FormReply | undefined;
  reloadDocument?: boolean;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  useMessageStrings(reply?.toasts);
  useEffect(() => {
    for (const message of reply?.toasts ?? []) notify({ type: "error", message: translateError(t, message) });
  }, [reply, t]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <Form method="post" action={action} reloadDocument={reloadDocument} {...getFormProps(form)} className="flex flex-col gap-6">
        <CardContent className={cn("grid gap-5", contentClassName)}>
          <ErrorList errors={form.errors} id={form.errorId} className="col-span-full" />
          {children}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {submitLabel}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}
