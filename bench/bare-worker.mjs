// The yardstick of `npm run bench`'s SSR figure: a Worker that answers every request with a small fixed HTML
// page, served by the same workerd as the portal. /dashboard's throughput is reported as a share of this one's.
const PAGE = "<!doctype html><html lang=en><title>AMP</title><p>ok</p></html>";

export default {
  fetch() {
    return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
