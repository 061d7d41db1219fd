import { redirect } from "react-router";

/** §2: `/` redirects to the dashboard. */
export function loader() {
  return redirect("/dashboard");
}
