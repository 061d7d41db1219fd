import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Any path no route matches: the not-found page, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main">
      <ErrorPage status={404} />
    </main>
  );
}
