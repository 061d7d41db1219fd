import { Link, Outlet, useRouteLoaderData } from "react-router";
import { Logo } from "~/components/layout/logo";
import { PreferenceForm } from "~/components/layout/preference-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/preferences";
import type { loader as rootLoader } from "~/root";

/** The blank layout of the guest pages: centred card, logo, language choice. */
export default function GuestLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-background px-4 py-10">
      <main id="main" className="w-full max-w-md rounded-lg bg-card p-6 shadow-md sm:p-10">
        {root && (
          <Link to="/login" className="mb-6 flex justify-center" aria-label={root.appName}>
            <Logo settings={root.settings} theme="light" semiDark={false} collapsed={false} appName={root.appName} />
          </Link>
        )}
        <Outlet />
      </main>
      <nav aria-label={t("language")} className="mt-6 flex gap-2 text-sm">
        {LOCALES.map((code) => (
          <PreferenceForm key={code} name="language" value={code} reloadDocument>
            <button
              type="submit"
              lang={code}
              aria-current={root?.locale === code}
              className="rounded px-2 py-1 text-muted-foreground hover:text-foreground aria-[current=true]:font-semibold aria-[current=true]:text-primary-text"
            >
              {t(`languages.${code}`)}
            </button>
          </PreferenceForm>
        ))}
      </nav>
    </div>
  );
}
