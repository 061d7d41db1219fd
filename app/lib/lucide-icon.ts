import type { LucideIconData, LucideProps } from "lucide-react";
import { useLucideContext } from "lucide-react/dist/esm/context.mjs";
import LucideIcon from "lucide-react/dist/esm/Icon.mjs";
import { createElement, forwardRef, type ReactNode } from "react";

/**
 * lucide-react's `Icon`, the component every Lucide icon renders, for the usual case done once per icon and class
 * instead of on every render (decision 064). Lucide's own rebuilds the `<svg>`'s attributes from its defaults (an
 * `Object.entries` reduce, seven spreads, two class merges) and a new element for every path of the drawing each time
 * an icon renders: ~5 % of a list page's server render, a few hundred icons a page (rows' actions, menus, buttons).
 *
 * Here an icon drawn with its default size, colour and stroke (no such props, no `LucideProvider` values: every icon
 * of this portal) takes its `<svg>` attributes from a per-icon table keyed by class name, and its drawing's elements
 * are made once per icon (React elements are immutable; the path data carries lucide's keys). The props and the order
 * of their keys are lucide's, so the HTML is the same byte for byte (tests/unit/ui/lucide-icon.test.tsx compares
 * every lucide icon, with the props this portal passes and others). Anything else (a size, a colour, a stroke, a
 * provider's values, no icon data) is drawn by lucide's own component.
 *
 * The server's build puts this module in place of lucide-react's `Icon.mjs` for lucide's own modules
 * (scripts/lucide-icon.ts); it imports lucide's original from here, which that redirection leaves alone.
 */

type IconProps = LucideProps & { icon?: LucideIconData; iconNode?: LucideIconData["node"] };
type SvgAttributes = Record<string, unknown>;

/** Lucide's `mergeClasses`: the class names, split on white space, first occurrence kept, joined with one space. */
function mergeClasses(...classes: (string | undefined)[]): string {
  const tokens = new Set<string>();
  for (const names of classes) {
    if (typeof names !== "string") continue;
    for (const token of names.split(/\s+/)) if (token) tokens.add(token);
  }
  return [...tokens].join(" ");
}

/** Lucide's `hasA11yProp`: an `aria-*`, `role` or `title` prop that is set makes the icon not `aria-hidden`. */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if (Object.hasOwn(props, prop) && (prop.startsWith("aria-") || prop === "role" || prop === "title") && props[prop] != null) {
      return true;
    }
  }
  return false;
}

/** What one icon keeps: its drawing's elements and its `<svg>` attributes per class name (shown / aria-hidden). */
interface Drawn {
  paths: ReactNode[];
  attributes: Map<string, [shown: SvgAttributes, hidden: SvgAttributes]>;
}
/** Class names an icon keeps attributes for: the portal passes a few per icon; more are computed each render. */
export const CLASS_NAMES_KEPT = 64;
const drawn = new WeakMap<LucideIconData, Drawn>();

function drawnIcon(icon: LucideIconData): Drawn {
  let entry = drawn.get(icon);
  if (!entry) {
    entry = { paths: icon.node.map(([tag, attributes]) => createElement(tag, attributes)), attributes: new Map() };
    drawn.set(icon, entry);
  }
  return entry;
}

/** The `<svg>` attributes lucide's `buildLucideIconNode` gives for default size, colour and stroke, in its order. */
function svgAttributes(icon: LucideIconData, className: string): [shown: SvgAttributes, hidden: SvgAttributes] {
  const aliases = (icon.aliases ?? [])
    .filter((alias) => typeof alias === "string" && alias.trim() !== "")
    .map((alias) => `lucide-${alias}`);
  const shown: SvgAttributes = {
    xmlns: "http://www.w3.org/2000/svg",
    width: 24,
    height: 24,
    viewBox: `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`,
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    className: mergeClasses("lucide", ...(icon.name ? [`lucide-${icon.name}`] : []), ...aliases, className),
  };
  return [shown, { ...shown, "aria-hidden": "true" }];
}

const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(props, ref) {
  const context = useLucideContext();
  const {
    color,
    size,
    width,
    height,
    strokeWidth,
    absoluteStrokeWidth,
    nonScalingStroke,
    className = "",
    children,
    iconNode,
    icon,
    ...rest
  } = props;
  if (
    icon === undefined ||
    color != null ||
    size != null ||
    width != null ||
    height != null ||
    strokeWidth != null ||
    absoluteStrokeWidth != null ||
    nonScalingStroke != null ||
    (context != null &&
      (context.size !== undefined ||
        context.color !== undefined ||
        context.strokeWidth !== undefined ||
        context.absoluteStrokeWidth !== undefined ||
        context.nonScalingStroke !== undefined ||
        context.className !== undefined))
  ) {
    return createElement(LucideIcon, { ...props, ref } as Parameters<typeof LucideIcon>[0]);
  }
  const entry = drawnIcon(icon);
  let attributes = entry.attributes.get(className);
  if (!attributes) {
    attributes = svgAttributes(icon, className);
    if (entry.attributes.size < CLASS_NAMES_KEPT) entry.attributes.set(className, attributes);
  }
  const hidden = !children && !hasA11yProp(rest);
  return createElement("svg", { ref, ...attributes[hidden ? 1 : 0], ...rest }, [
    ...entry.paths,
    ...(Array.isArray(children) ? children : [children]),
  ]);
});

export default Icon;
