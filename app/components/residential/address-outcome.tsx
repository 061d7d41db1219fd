import { AddressSuggestion } from "~/components/tools/address-suggestion";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { useTranslation } from "~/lib/i18n";
import { translateError } from "~/lib/validation-message";
import type { AddressState } from "./types";

/** What the carrier said about the address last sent: its suggestion (side by side) or why it is invalid. */
export function AddressOutcome({ state, editAnchor }: { state: AddressState | null; editAnchor: string }) {
  const { t } = useTranslation("residential");
  if (state?.validation_status === "suggested" && state.suggestion) {
    return <AddressSuggestion entered={state.address} suggestion={state.suggestion} editAnchor={editAnchor} />;
  }
  if (state?.validation_status === "invalid") {
    return (
      <Alert variant="destructive" data-testid="address-invalid">
        <AlertTitle>{t("address.invalid")}</AlertTitle>
        <AlertDescription>{translateError(t, `porting:${state.reason ?? "carrier.e911_address_not_found"}`)}</AlertDescription>
      </Alert>
    );
  }
  return null;
}
