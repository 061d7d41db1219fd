import { Badge } from "~/components/ui/badge";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { useTranslation } from "~/lib/i18n";
import { formatLocation, formatMoney } from "./format";
import type { AvailableNumber } from "./types";

const radioClasses = "size-[1.125rem] shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring";

/**
 * The carrier's offer as a table of native inputs named `numbers`: checkboxes (the ordering wizard chooses any
 * number of them) or radio buttons (the residential wizard chooses one). Works without JavaScript.
 */
export function AvailableNumbersTable({
  numbers,
  selected,
  selection,
  form,
  formatPhoneNumber,
}: {
  numbers: AvailableNumber[];
  selected: ReadonlySet<string>;
  selection: "multiple" | "single";
  /** The form the inputs belong to, when the table is not inside it. */
  form?: string;
  /** The page's `phoneFormatter` (numbers are formatted on the server). */
  formatPhoneNumber: (e164: string) => string;
}) {
  const { t, language } = useTranslation("numbers");
  const locale = language;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("wizard.choose.tableLabel")}</caption>
        <thead className="border-b bg-muted/40 text-start text-xs uppercase tracking-wide">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              <span className="sr-only">{t("wizard.choose.select")}</span>
            </th>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              {t("wizard.choose.number")}
            </th>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              {t("wizard.choose.location")}
            </th>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              {t("wizard.choose.features")}
            </th>
            <th scope="col" className="px-4 py-3 text-end font-semibold">
              {t("wizard.choose.monthly")}
            </th>
            <th scope="col" className="px-4 py-3 text-end font-semibold">
              {t("wizard.choose.oneTime")}
            </th>
          </tr>
        </thead>
        <tbody>
          {numbers.map((number) => {
            const formatted = formatPhoneNumber(number.e164);
            const label = t("wizard.choose.selectNumber", { number: formatted });
            return (
              <tr key={number.e164} className="border-b last:border-b-0">
                <td className="px-4 py-3">
                  {selection === "multiple" ? (
                    <NativeCheckbox
                      name="numbers"
                      value={number.e164}
                      form={form}
                      defaultChecked={selected.has(number.e164)}
                      aria-label={label}
                    />
                  ) : (
                    <input
                      type="radio"
                      name="numbers"
                      value={number.e164}
                      form={form}
                      required
                      defaultChecked={selected.has(number.e164)}
                      aria-label={label}
                      className={radioClasses}
                    />
                  )}
                </td>
                <td className="whitespace-nowrap px-4 py-3 font-medium tabular-nums">
                  <span dir="ltr">{formatted}</span>
                </td>
                <td className="px-4 py-3">
                  {formatLocation(number) || t(`types.${number.type}`)}
                  {number.rate_center && number.city && <span className="block text-muted-foreground text-xs">{number.rate_center}</span>}
                </td>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap gap-1">
                    {number.capabilities.map((capability) => (
                      <Badge key={capability} variant="outline">
                        {t(`capabilities.${capability as "voice"}`)}
                      </Badge>
                    ))}
                  </span>
                </td>
                <td className="px-4 py-3 text-end tabular-nums">{formatMoney(locale, number.monthly_cents, number.currency)}</td>
                <td className="px-4 py-3 text-end tabular-nums">{formatMoney(locale, number.one_time_cents, number.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
