import type { SVGProps } from "react";
import sprite from "~/assets/icons.svg?url";

/**
 * The Lucide icons the portal draws, each a reference into one sprite (`app/assets/icons.svg`, a hashed asset cached
 * for a year) instead of a whole drawing: `<svg class="lucide …"><use href="…#name"/></svg>`. Two elements and a
 * few attributes an icon on the server and in the HTML (a list page drew ~70 icons: a third of its elements), and
 * no icon code in the browser (decision 066). The stroke (none fill, current colour, width 2, round ends) comes from
 * the `lucide` class in the stylesheets; `stroke-3` draws a bolder one.
 *
 * Each export is named as lucide-react's and draws its drawing: `npm run icons` writes the sprite from this list,
 * and tests/unit/ui/icons.test.tsx fails when the sprite is not the one the list gives.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type Icon = (props: IconProps) => React.JSX.Element;

/** An icon is decorative unless it is given a name (`aria-label`, `aria-labelledby` or `role`), as lucide's. */
function named(props: IconProps): boolean {
  return props["aria-label"] != null || props["aria-labelledby"] != null || props.role != null;
}

function icon(name: string): Icon {
  const base = `lucide lucide-${name}`;
  const href = `${sprite}#${name}`;
  return function SpriteIcon({ className, ...props }: IconProps) {
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller names it
      <svg aria-hidden={named(props) ? undefined : true} {...props} className={className ? `${base} ${className}` : base}>
        <use href={href} />
      </svg>
    );
  };
}

export const ArrowDown = /* @__PURE__ */ icon("arrow-down");
export const ArrowLeft = /* @__PURE__ */ icon("arrow-left");
export const ArrowUp = /* @__PURE__ */ icon("arrow-up");
export const ArrowUpDown = /* @__PURE__ */ icon("arrow-up-down");
export const Building2 = /* @__PURE__ */ icon("building-2");
export const Check = /* @__PURE__ */ icon("check");
export const ChevronDown = /* @__PURE__ */ icon("chevron-down");
export const ChevronLeft = /* @__PURE__ */ icon("chevron-left");
export const ChevronRight = /* @__PURE__ */ icon("chevron-right");
export const ChevronUp = /* @__PURE__ */ icon("chevron-up");
export const ChevronsLeft = /* @__PURE__ */ icon("chevrons-left");
export const ChevronsRight = /* @__PURE__ */ icon("chevrons-right");
export const Circle = /* @__PURE__ */ icon("circle");
export const CircleAlert = /* @__PURE__ */ icon("circle-alert");
export const CircleCheck = /* @__PURE__ */ icon("circle-check");
export const CircleX = /* @__PURE__ */ icon("circle-x");
export const Columns3 = /* @__PURE__ */ icon("columns-3");
export const Download = /* @__PURE__ */ icon("download");
export const ExternalLink = /* @__PURE__ */ icon("external-link");
export const FileSignature = /* @__PURE__ */ icon("file-signature");
export const FileText = /* @__PURE__ */ icon("file-text");
export const Hash = /* @__PURE__ */ icon("hash");
export const Headphones = /* @__PURE__ */ icon("headphones");
export const ImageUp = /* @__PURE__ */ icon("image-up");
export const KeyRound = /* @__PURE__ */ icon("key-round");
export const KeySquare = /* @__PURE__ */ icon("key-square");
export const Languages = /* @__PURE__ */ icon("languages");
export const LayoutGrid = /* @__PURE__ */ icon("layout-grid");
export const ListFilter = /* @__PURE__ */ icon("list-filter");
export const LoaderCircle = /* @__PURE__ */ icon("loader-circle");
export const LogIn = /* @__PURE__ */ icon("log-in");
export const LogOut = /* @__PURE__ */ icon("log-out");
export const Mail = /* @__PURE__ */ icon("mail");
export const MapPinOff = /* @__PURE__ */ icon("map-pin-off");
export const MapPinned = /* @__PURE__ */ icon("map-pinned");
export const Menu = /* @__PURE__ */ icon("menu");
export const Monitor = /* @__PURE__ */ icon("monitor");
export const Moon = /* @__PURE__ */ icon("moon");
export const Palette = /* @__PURE__ */ icon("palette");
export const PanelLeftClose = /* @__PURE__ */ icon("panel-left-close");
export const PanelLeftOpen = /* @__PURE__ */ icon("panel-left-open");
export const Pencil = /* @__PURE__ */ icon("pencil");
export const Phone = /* @__PURE__ */ icon("phone");
export const PhoneCall = /* @__PURE__ */ icon("phone-call");
export const PhoneIncoming = /* @__PURE__ */ icon("phone-incoming");
export const Plus = /* @__PURE__ */ icon("plus");
export const PowerOff = /* @__PURE__ */ icon("power-off");
export const RefreshCw = /* @__PURE__ */ icon("refresh-cw");
export const Repeat = /* @__PURE__ */ icon("repeat");
export const RotateCcw = /* @__PURE__ */ icon("rotate-ccw");
export const Search = /* @__PURE__ */ icon("search");
export const Settings2 = /* @__PURE__ */ icon("settings-2");
export const ShoppingCart = /* @__PURE__ */ icon("shopping-cart");
export const SlidersHorizontal = /* @__PURE__ */ icon("sliders-horizontal");
export const Sun = /* @__PURE__ */ icon("sun");
export const Timer = /* @__PURE__ */ icon("timer");
export const Trash2 = /* @__PURE__ */ icon("trash-2");
export const Upload = /* @__PURE__ */ icon("upload");
export const User = /* @__PURE__ */ icon("user");
export const UserRound = /* @__PURE__ */ icon("user-round");
export const UserX = /* @__PURE__ */ icon("user-x");
export const Users = /* @__PURE__ */ icon("users");
export const VenetianMask = /* @__PURE__ */ icon("venetian-mask");
export const X = /* @__PURE__ */ icon("x");
