// Lighthouse performance of /login, /dashboard and /users as the edge would serve them (issue 8's goal: ≥ 98).
//
// `vite preview` answers HTTP/1.1 without compression. Lighthouse's simulated throttling (mobile, slow 4G)
// then models six connections per origin and the raw bytes, which is not what a browser gets from Cloudflare
// (HTTP/2, compressed). So the pages are measured through `edgeProxy`: HTTP/2 over TLS (a throw-away
// self-signed certificate made with openssl; Chromium is told to ignore it) with text gzip -9 compressed,
// the same accounting as the bench's weight figures.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const LIGHTHOUSE_PAGES = [{ url: "/login", signedIn: false }, { url: "/dashboard" }, { url: "/users" }];

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "set-cookie"]);
const COMPRESSIBLE = /text\/|javascript|json|svg|xml/;

/** Starts the HTTP/2 + gzip proxy to `target` on `port`; returns its base URL and `close()`. */
export async function edgeProxy(target, port) {
  const folder = mkdtempSync(join(tmpdir(), "amp-bench-tls-"));
  const key = join(folder, "key.pem");
  const cert = join(folder, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"],
    {
      stdio: "ignore",
    },
  );
  const targetHost = new URL(target).host;
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, async (request, response) => {
    try {
      const chunks = [];
      for await (const chunk of request) chunks.push(chunk);
      const headers = { host: targetHost };
      for (const [name, value] of Object.entries(request.headers)) {
        if (!name.startsWith(":") && name !== "host" && name !== "accept-encoding" && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      const out = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) out[name] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      if (COMPRESSIBLE.test(upstream.headers.get("content-type") ?? "") && /gzip/.test(String(request.headers["accept-encoding"] ?? ""))) {
        body = gzipSync(body, { level: 9 });
        out["content-encoding"] = "gzip";
      }
      out["content-length"] = body.length;
      response.writeHead(upstream.status, out);
      response.end(body);
    } catch (error) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    }
  });
  await new Promise((ready, fail) => server.once("error", fail).listen(port, "localhost", ready));
  return {
    base: `https://localhost:${port}`,
    close: () => {
      rmSync(folder, { recursive: true, force: true });
      return new Promise((done) => server.close(done));
    },
  };
}

const METRICS = [
  ["fcp", "first-contentful-paint"],
  ["lcp", "largest-contentful-paint"],
  ["tbt", "total-blocking-time"],
  ["cls", "cumulative-layout-shift"],
  ["si", "speed-index"],
];

/**
 * Lighthouse (its default: mobile, simulated slow 4G and 4× CPU) `runs` times per page through the proxy, each
 * run in a fresh Chromium; the median score and the metrics of that median run. Signed-in pages get the session
 * cookie as an extra header.
 */
export async function lighthouseScores({ base, cookie, runs, chromePath, log }) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const pages = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const samples = [];
    // Lighthouse sometimes loses the trace on this loaded machine (NO_NAVSTART, NO_FCP): such a run is redone,
    // up to `runs` times in all.
    let retries = runs;
    for (let run = 0; run < runs; run++) {
      log(`lighthouse ${page.url} run ${run + 1}/${runs}`);
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--ignore-certificate-errors",
        ],
      });
      try {
        const result = await lighthouse(`${base}${page.url}`, {
          port: chrome.port,
          onlyCategories: ["performance"],
          logLevel: "error",
          output: "json",
          extraHeaders: page.signedIn === false ? undefined : { Cookie: cookie },
        });
        const { lhr } = result;
        if (lhr.runtimeError) {
          if (retries-- > 0) {
            log(`lighthouse ${page.url}: ${lhr.runtimeError.code}, redoing the run`);
            run -= 1;
            continue;
          }
          throw new Error(`${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        }
        const finalUrl = new URL(lhr.finalDisplayedUrl);
        if (finalUrl.pathname !== page.url) throw new Error(`${page.url}: ended on ${finalUrl.pathname} (not signed in?)`);
        const sample = { score: Math.round(lhr.categories.performance.score * 100) };
        for (const [name, audit] of METRICS) sample[name] = lhr.audits[audit].numericValue;
        samples.push(sample);
      } finally {
        chrome.kill();
      }
    }
    samples.sort((a, b) => a.score - b.score);
    pages.push({ url: page.url, scores: samples.map((sample) => sample.score), median: samples[Math.floor(samples.length / 2)] });
  }
  return pages;
}
