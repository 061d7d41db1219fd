import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { nestedScreens, SCREENS, type Screen } from "./route-table";

export default [
  // Guest pages: the blank layout.
  layout("routes/_guest.tsx", [
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("password-setup", "routes/password-setup.tsx"),
    route("two-factor-challenge", "routes/two-factor-challenge.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  route("preferences", "routes/preferences.tsx"),
  route("api-docs/*", "routes/api-docs.tsx"),
  route("api/files/*", "routes/files.tsx"),
  // The navigation's icon sprite: public (no session), built once per isolate.
  route("nav-icons.svg", "routes/nav-icons.tsx"),
  // Signed-in pages: the vertical/horizontal layout; every screen comes from the route table.
  layout("routes/_app.tsx", [
    index("routes/_app._index.tsx"),
    route("masquerade", "routes/masquerade.tsx"),
    route("organization-filter", "routes/organization-filter.tsx"),
    // A branded document's file (issue 13): inside the layout so the signed-in user is known.
    route("branded-documents/:id/file", "routes/branded-documents.file.tsx"),
    route("branded-documents/upload", "routes/branded-documents.upload.tsx"),
    // Files of the tools, proxied with the user's session after the portal's own permission check.
    route("tools/tts/audio/:id", "routes/tts.audio.tsx"),
    route("tools/tts/preview", "routes/tts.preview.tsx"),
    route("tools/devices/overrides/export/:id", "routes/devices.export.tsx"),
    route("tools/porting/order/:id/documents/:document", "routes/tools.porting.order.document.tsx"),
    route("tools/porting/order/number-check", "routes/tools.porting.order.number-check.tsx"),
    route("tools/import/phone_numbers/:id/errors.csv", "routes/tools.import.phone-numbers.errors.tsx"),
    route("tools/import/phone_numbers/template.csv", "routes/tools.import.phone-numbers.template.tsx"),
    // CSV exports of the lists (issue 25): each guarded by its list's screen key.
    route("exports/:list", "routes/list-export.tsx"),
    ...SCREENS.filter((entry: Screen) => !entry.layout).map((entry) => screenRoute(entry)),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/** A screen's route, with the screens it wraps as children (their paths relative to its own). */
function screenRoute(entry: Screen, parentPath = ""): RouteConfigEntry {
  const path = parentPath ? entry.path.slice(parentPath.length + 1) : entry.path;
  const children = nestedScreens(entry).map((child) => screenRoute(child, entry.path));
  return route(path, entry.file, { id: entry.id }, children);
}
