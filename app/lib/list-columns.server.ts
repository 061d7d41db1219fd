import { requestUrl } from "~/lib/request-url.server";
import { parseCookieHeader, serializeCookie } from "./cookies";
import { cookieName } from "./preferences";

/** Column ids are short machine names; anything else in the cookie is ignored. */
const COLUMN_ID = /^[a-z0-9_-]{1,40}$/;

/**
 * A list's column chooser remembers its choice (issue 25): the list's `hidden` parameter, whenever the URL
 * carries it, is kept in `<prefix>-columns-<list>` for a year, and a URL without it shows the remembered
 * columns, or the list's defaults. Works without JavaScript (the chooser is a GET form). `-` means "none hidden".
 */
export function listColumns(request: Request, list: string, defaults: string[]): { hidden: string[]; setCookie: string | null } {
  const url = requestUrl(request);
  const name = cookieName(`columns-${list}`);
  if (url.searchParams.has("hidden")) {
    const hidden = parse(url.searchParams.get("hidden") ?? "");
    const value = hidden.length > 0 ? hidden.join(",") : "-";
    return { hidden, setCookie: serializeCookie(name, value, { maxAge: 365 * 24 * 3600, secure: url.protocol === "https:" }) };
  }
  const remembered = parseCookieHeader(request.headers.get("Cookie"))[name];
  return { hidden: remembered === undefined ? defaults : parse(remembered), setCookie: null };
}

function parse(value: string): string[] {
  return value.split(",").filter((id) => COLUMN_ID.test(id));
}
