import { describe, expect, it } from "vitest";
import { renderChangelog } from "~/lib/logs/changelog.server";
import changelog from "../../../CHANGELOG.md?raw";

describe("change log rendering", () => {
  it("renders the project's CHANGELOG.md without its title, newest release first", () => {
    const html = renderChangelog(changelog);
    expect(html).not.toContain("<h1");
    expect(html).toMatch(/<h2[^>]*>\[Unreleased\] — 0\.1\.0<\/h2>/);
    expect(html).toContain('<a href="https://keepachangelog.com/en/1.1.0/" target="_blank" rel="noopener noreferrer">Keep a Changelog</a>');
  });

  it("shows raw HTML as text", () => {
    const html = renderChangelog('## 1.0\n\n<script>alert("x")</script>\n\n- a <img src=x onerror=alert(1)> b');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops unsafe links and images", () => {
    const html = renderChangelog("[click](javascript:alert(1)) [ok](/status) ![logo](https://example.com/x.png)");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="/status">ok</a>');
    expect(html).not.toContain("<img");
    expect(html).toContain("logo");
  });
});
