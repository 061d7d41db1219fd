import type { PRIMARY_COLOR_PRESETS } from "~/lib/preferences";

/**
 * The background of each preset colour's swatch as a class, not a style attribute: the CSP admits no
 * inline style attributes. Written out in full so Tailwind generates them.
 */
export const PRESET_SWATCH: Record<(typeof PRIMARY_COLOR_PRESETS)[number], string> = {
  "#7367F0": "bg-[#7367F0]",
  "#0D9394": "bg-[#0D9394]",
  "#FFB400": "bg-[#FFB400]",
  "#FF4C51": "bg-[#FF4C51]",
  "#16B1FF": "bg-[#16B1FF]",
};
