/**
 * The organization filters' `<option>`s as one HTML string, given to their `<select>` as its inner HTML
 * (decision 058). Provider staff see every organization in two selects on each list page (the navbar's and the
 * list's own filter): at 500 organizations that is 1,000 option elements, which React creates, checks against the
 * select's value and writes attribute by attribute — a third of a list page's server render (bench/README.md).
 * One string per list of organizations is built once and reused while that list is (the session keeps its
 * options for 30 s, options.server.ts; the browser keeps its loader data).
 *
 * Names and ids are escaped as HTML text and attribute values. React marks the chosen option on the server only for
 * options it renders itself, so the option equal to `selected` carries `selected` here (pages without JavaScript
 * show the current filter; with JavaScript the select's `defaultValue` agrees).
 */
export interface OrganizationChoice {
  id: number;
  name: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** `text` safe as HTML text and as a double-quoted attribute value (the escapes React writes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The options of each list of organizations, without the "all" option and without a chosen one. */
const built = new WeakMap<readonly OrganizationChoice[], string>();

function organizationOptions(organizations: readonly OrganizationChoice[]): string {
  let html = built.get(organizations);
  if (html === undefined) {
    html = organizations.map(({ id, name }) => `<option value="${escapeHtml(String(id))}">${escapeHtml(name)}</option>`).join("");
    built.set(organizations, html);
  }
  return html;
}

/**
 * The inner HTML of an organization filter: first the option that clears it (value "", labelled `allLabel`), then one
 * option per organization; the one whose id is `selected` (the clearing one for "") is chosen. An unknown id chooses
 * none, as React does: the browser then shows the first, the clearing one.
 */
export function organizationOptionsHtml(organizations: readonly OrganizationChoice[], allLabel: string, selected: string): string {
  const options = organizationOptions(organizations);
  const start = `<option value="${escapeHtml(selected)}"`;
  const chosen = selected === "" ? -1 : options.indexOf(`${start}>`);
  const all = `<option value=""${selected === "" ? ' selected=""' : ""}>${escapeHtml(allLabel)}</option>`;
  if (chosen === -1) return all + options;
  const at = chosen + start.length;
  return `${all}${options.slice(0, at)} selected=""${options.slice(at)}`;
}
