import { Form, useNavigation } from "react-router";
import { FileSignature } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { useTranslation } from "~/lib/i18n";
import type { PortingOrder } from "./porting-order";

/** The languages a generated letter can be written in; none chosen = the organization's language. */
export const LOA_LOCALES = ["en", "fr", "ar"] as const;

/** The account holder's details the backend needs before it writes a letter of authorization. */
export function loaMissingFields(order: PortingOrder) {
  const fields = ["entity_name", "authorized_person", "billing_telephone_number", "account_number"] as const;
  return [...fields.filter((field) => !order[field].trim()), ...(order.service_address ? [] : (["service_address"] as const))];
}

/** The language of a generated letter (LOA, welcome letter): empty = the organization's own language. */
export function LetterLanguageSelect({ id }: { id: string }) {
  const { t } = useTranslation("loa");
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t("language")}</Label>
      <NativeSelect id={id} name="locale" defaultValue="">
        <option value="">{t("languages.organization")}</option>
        {LOA_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`languages.${locale}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** "Generate LOA" on an order's page: a plain form post (the action redirects back with a toast). */
export function GenerateLoaForm() {
  const { t } = useTranslation("loa");
  const navigation = useNavigation();
  const generating = navigation.state !== "idle" && navigation.formData?.get("intent") === "loa";
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-describedby="loa-description">
      <input type="hidden" name="intent" value="loa" />
      <LetterLanguageSelect id="loa-locale" />
      <Button type="submit" variant="outline" disabled={generating}>
        <FileSignature aria-hidden="true" />
        {generating ? t("generating") : t("generate")}
      </Button>
    </Form>
  );
}
