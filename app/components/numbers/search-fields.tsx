import type { SubmissionResult } from "@conform-to/react";
import { FormSection } from "~/components/admin/form-layout";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { NUMBER_TYPES, PATTERN_MODES, SEARCH_COUNTRIES, SEARCH_FEATURES } from "../../../common/phone-numbers";
import type { NumberOrder } from "./types";

/**
 * The Conform form of the number search (criteria as a draft order holds them, or the defaults); `constraint` is
 * `formConstraint(criteriaSchema)`, from the loader.
 */
export function useCriteriaForm(
  id: string,
  criteria: NumberOrder["criteria"] | undefined,
  lastResult: SubmissionResult<string[]> | undefined,
  constraint: FormConstraint,
) {
  return useSchemaForm({
    id,
    lastResult,
    constraint,
    schema: () => import("./criteria-schema").then((module) => module.criteriaSchema),
    defaultValue: {
      country: criteria?.country ?? "US",
      type: criteria?.type ?? "local",
      area_code: criteria?.area_code ?? "",
      npa_nxx: criteria?.npa_nxx ?? "",
      state: criteria?.state ?? "",
      locality: criteria?.locality ?? "",
      pattern: criteria?.pattern ?? "",
      pattern_mode: criteria?.pattern_mode ?? "contains",
      features: criteria?.features ?? [],
      quantity: String(criteria?.quantity ?? 10),
    },
  });
}

type CriteriaFields = ReturnType<typeof useCriteriaForm>[1];

/**
 * The number search's fields (country, type, area code, NPA-NXX, state, locality, pattern, features, quantity),
 * shared by the ordering wizard's first step and the residential wizard's "order a new number".
 */
export function NumberSearchFields({ fields, formId, title }: { fields: CriteriaFields; formId: string; title: string }) {
  const { t } = useTranslation("numbers");
  const checkedFeatures = [fields.features.value ?? fields.features.initialValue ?? []].flat() as string[];
  return (
    <FormSection title={title}>
      <SelectField
        field={fields.country}
        label={t("wizard.search.country")}
        options={SEARCH_COUNTRIES.map((country) => ({ value: country, label: t(`wizard.search.countries.${country}`) }))}
      />
      <SelectField
        field={fields.type}
        label={t("wizard.search.type")}
        options={NUMBER_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
      />
      <InputField
        field={fields.area_code}
        label={t("wizard.search.areaCode")}
        description={t("wizard.search.areaCodeDescription")}
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
      />
      <InputField
        field={fields.npa_nxx}
        label={t("wizard.search.npaNxx")}
        description={t("wizard.search.npaNxxDescription")}
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
      />
      <InputField
        field={fields.state}
        label={t("wizard.search.state")}
        description={t("wizard.search.stateDescription")}
        autoComplete="off"
        dir="ltr"
      />
      <InputField field={fields.locality} label={t("wizard.search.locality")} autoComplete="off" />
      <InputField
        field={fields.pattern}
        label={t("wizard.search.pattern")}
        description={t("wizard.search.patternDescription")}
        autoComplete="off"
        dir="ltr"
      />
      <SelectField
        field={fields.pattern_mode}
        label={t("wizard.search.patternMode")}
        options={PATTERN_MODES.map((mode) => ({ value: mode, label: t(`wizard.search.patternModes.${mode}`) }))}
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.features.errors ? fields.features.errorId : undefined}>
        <legend className="mb-1.5 font-medium text-sm">{t("wizard.search.features")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {SEARCH_FEATURES.map((feature) => (
            <label key={feature} className="flex items-center gap-2 text-sm">
              <NativeCheckbox
                key={`${fields.features.key}-${feature}`}
                name={fields.features.name}
                form={formId}
                value={feature}
                defaultChecked={checkedFeatures.includes(feature)}
              />
              {t(`capabilities.${feature}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.features.errorId} errors={fields.features.errors} />
      </fieldset>
      <InputField field={fields.quantity} label={t("wizard.search.quantity")} type="number" min={1} max={100} inputMode="numeric" />
    </FormSection>
  );
}
