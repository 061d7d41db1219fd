import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { TtsForm } from "~/components/tools/tts-form";
import { ttsSchema } from "~/components/tools/tts-schema";
import { organizationOptions } from "~/lib/admin/options.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useTranslation } from "~/lib/i18n";
import { preselectedOrganization } from "~/lib/organization-choice.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { submitPrompt, ttsCatalogue } from "~/lib/tools/tts.server";
import type { StringsHandle } from "~/locales/types";
import { getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/tts.add";

export const handle: StringsHandle = { i18n: ["tts", "admin", "validation"] };

const LANGUAGE_OF_LOCALE = { en: "en-US", fr: "fr-FR", ar: "ar" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "tts-add");
  const [catalogue, organizations] = await Promise.all([ttsCatalogue(api), user.is_provider ? organizationOptions(api) : null]);
  const locale = getLocale(context) as keyof typeof LANGUAGE_OF_LOCALE;
  const language = LANGUAGE_OF_LOCALE[locale] ?? "en-US";
  return {
    catalogue,
    organizations,
    constraint: formConstraint(ttsSchema),
    defaults: {
      language,
      voice: catalogue.voices.find((voice) => voice.language === language)?.id ?? "",
      format: "text",
      // Staff choose the prompt's organization (issue 25): preselected only by the filter or a single choice.
      organization_id: String(preselectedOrganization(request, user, organizations) ?? ""),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, api } = requireScreen(context, "tts-add");
  return submitPrompt(request, context, api, null, { chooseOrganization: user.is_provider });
}

export default function AddPrompt({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tts");
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("addTitle")} description={t("addDescription")} backTo="/tools/tts" />
      <TtsForm
        mode="add"
        defaultValue={loaderData.defaults}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        catalogue={loaderData.catalogue}
        organizations={loaderData.organizations}
        previewUrl={actionData && "previewUrl" in actionData ? String(actionData.previewUrl) : null}
      />
    </div>
  );
}
