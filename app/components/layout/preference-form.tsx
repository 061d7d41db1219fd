import { useFetcher, useLocation } from "react-router";
import type { PreferenceKey } from "~/lib/preferences";

/**
 * Saves one interface preference through POST /preferences (cookie, and the user's profile for
 * theme settings). Without JavaScript it is a plain form post and redirect; with it, a fetcher.
 * Without `value`, the form's submit buttons carry it (`name="value"`): a menu of choices is one form.
 */
export function PreferenceForm({
  name,
  value,
  children,
  className,
  reloadDocument,
}: {
  name: PreferenceKey;
  value?: string;
  children: React.ReactNode;
  className?: string;
  /** Language changes reload the document so the new language's strings load with it. */
  reloadDocument?: boolean;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const Component = reloadDocument ? "form" : fetcher.Form;
  return (
    <Component method="post" action="/preferences" className={className}>
      <input type="hidden" name="key" value={name} />
      {value !== undefined && <input type="hidden" name="value" value={value} />}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {children}
    </Component>
  );
}
