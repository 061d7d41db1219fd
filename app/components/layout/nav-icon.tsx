/**
 * A navigation entry's icon: a reference into the icon sprite (`/nav-icons.svg`, built on the server from
 * the same Lucide icons, lib/nav-icons.server.tsx). The symbols stroke with `currentColor`, so
 * the entry's colour (active, hover, dark mode) draws the icon as before.
 */
export function NavIcon({ sprite, id, className }: { sprite: string; id: string; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`${sprite}#${id}`} />
    </svg>
  );
}
