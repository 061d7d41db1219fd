import { Marked, type Tokens } from "marked";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * Markdown to HTML for the portal's own documents (the change log). The file is ours, but the output
 * is still safe: raw HTML is shown as text, only http(s), mailto, same-site and fragment links survive,
 * images are reduced to their alternative text, and external links open in a new tab without an opener.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return text;
      const external = /^https?:\/\//i.test(href);
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
      const target = external ? ' target="_blank" rel="noopener noreferrer"' : "";
      return `<a href="${escapeHtml(href)}"${titleAttribute}${target}>${text}</a>`;
    },
  },
});

/** Renders a Keep a Changelog file; its level-one heading is left out (the page has its own). */
export function renderChangelog(source: string): string {
  const tokens = markdown.lexer(source);
  const body = tokens.filter((token) => !(token.type === "heading" && token.depth === 1));
  return markdown.parser(Object.assign(body, { links: tokens.links }));
}
