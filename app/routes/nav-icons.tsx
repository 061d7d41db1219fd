import { navSprite } from "~/lib/nav-icons.server";
import { STATIC_RESOURCE_HEADERS } from "~/lib/security-headers.server";
import type { Route } from "./+types/nav-icons";

/**
 * `/nav-icons.svg`: the navigation's icon sprite (lib/nav-icons.server.tsx). Public, like the
 * logos: icons are no secret, so no session is needed and nothing is asked upstream. The menus reference
 * `?v=<hash of the sprite>`, cached for a year; any other `v` (a page from before a deploy, or none) still
 * gets the current sprite, cached briefly, since that URL does not name it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const sprite = navSprite();
  const current = new URL(request.url).searchParams.get("v") === sprite.version;
  return new Response(sprite.text, {
    headers: {
      ...STATIC_RESOURCE_HEADERS,
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
