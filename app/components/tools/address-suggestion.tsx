import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { AddressText } from "./address-text";

/**
 * The carrier's suggested correction of an address, side by side with the address as entered: "Use the
 * suggestion" posts `intent=accept` to the page's action; "keep editing" jumps to the form (`editAnchor`).
 * Used by the E911 screen and the residential wizard's address steps.
 */
export function AddressSuggestion({
  entered,
  suggestion,
  editAnchor,
}: {
  entered: Record<string, unknown>;
  suggestion: Record<string, unknown>;
  editAnchor: string;
}) {
  const { t } = useTranslation("e911");
  return (
    <Card className="border-warning" data-testid="e911-suggestion">
      <CardHeader>
        <CardTitle>{t("suggestion.heading")}</CardTitle>
        <CardDescription>{t("suggestion.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="rounded-md border p-4">
            <h3 className="mb-1 font-medium text-muted-foreground text-sm">{t("suggestion.entered")}</h3>
            <p>{String(entered.caller_name ?? "")}</p>
            <p>
              <AddressText address={entered} />
            </p>
          </div>
          <div className="rounded-md border border-primary p-4">
            <h3 className="mb-1 font-medium text-muted-foreground text-sm">{t("suggestion.suggested")}</h3>
            <p>{String(suggestion.caller_name ?? "")}</p>
            <p>
              <AddressText address={suggestion} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <Button type="submit">{t("suggestion.accept")}</Button>
          </Form>
          <a href={`#${editAnchor}`} className="inline-flex items-center px-3 text-primary-text text-sm underline">
            {t("suggestion.keepEditing")}
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
