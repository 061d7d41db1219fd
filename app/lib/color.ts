/**
 * Accessible shades of the chosen primary colour. The brand colour (#7367F0 by default, or any colour
 * a user picks) is kept as close as possible while text on it, and primary-coloured text on the light
 * and dark surfaces, reach WCAG AA contrast (4.5:1).
 */
import { DEFAULT_PRIMARY_COLOR, DEFAULT_PRIMARY_COLOR_DARK } from "./preferences";

type Rgb = [number, number, number];

const AA = 4.5;
const LIGHT_SURFACE: Rgb = [248, 247, 250]; // --background (light)
const DARK_SURFACE: Rgb = [47, 51, 73]; // --card (dark)
/** Primary text also sits on primary tints (active menu items, avatars): up to 16% of the colour. */
const TINT = 0.16;
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [47, 43, 61];

function parse(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function format(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: string | Rgb, b: string | Rgb): number {
  const [x, y] = [typeof a === "string" ? parse(a) : a, typeof b === "string" ? parse(b) : b].map(luminance);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function mix(color: Rgb, toward: Rgb, amount: number): Rgb {
  return color.map((channel, index) => channel + (toward[index] - channel) * amount) as Rgb;
}

/** The colour moved toward `toward` in small steps until it contrasts enough with `against`. */
function until(color: Rgb, toward: Rgb, against: Rgb): Rgb {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step * 0.05);
    if (contrast(candidate, against) >= AA) return candidate;
  }
  return toward;
}

export interface PrimaryPalette {
  /** Background of primary buttons and badges. */
  fill: string;
  /** Its hover shade. */
  hover: string;
  /** Text on `fill`. */
  onFill: string;
  /** Primary-coloured text on the light and on the dark theme's surfaces. */
  textOnLight: string;
  textOnDark: string;
}

export function primaryPalette(hex: string): PrimaryPalette {
  const base = parse(hex);
  // Light colours (amber, sky) keep their fill and take dark text; others darken just enough for white.
  const darkText = contrast(base, INK) >= AA && contrast(base, WHITE) < AA;
  const fill = darkText ? base : until(base, [0, 0, 0], WHITE);
  return {
    fill: format(fill),
    // The specification's darker variant of the default colour; a computed shade for any other.
    hover: hex.toUpperCase() === DEFAULT_PRIMARY_COLOR ? DEFAULT_PRIMARY_COLOR_DARK : format(mix(fill, [0, 0, 0], 0.1)),
    onFill: darkText ? format(INK) : "#FFFFFF",
    textOnLight: format(until(base, [0, 0, 0], mix(LIGHT_SURFACE, base, TINT))),
    textOnDark: format(until(base, WHITE, mix(DARK_SURFACE, base, TINT))),
  };
}
