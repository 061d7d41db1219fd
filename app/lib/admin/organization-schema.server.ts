// The organization schema as actions parse with it: libphonenumber's rules loaded with the module, so the
// server checks countries and phone numbers on every request (the browser fetches them after the page).
import { getCountries, isValidPhoneNumber } from "libphonenumber-js/min";
import { organizationSchema, setPhoneRules } from "~/components/admin/organization-schema";

setPhoneRules({ countries: getCountries(), isValidPhoneNumber });

export { organizationSchema };
