/**
 * The class merge behind `cn()`: of two Tailwind classes that set the same thing under the same variants, the
 * later one stays (`px-5 px-3` → `px-3`, `gap-6 gap-0` → `gap-0`, `text-sm text-xs` → `text-xs`), as
 * tailwind-merge does, so a component's `className` overrides its defaults.
 *
 * tailwind-merge knows every Tailwind utility and is 8.4 KiB gzip on every page; this knows the utility groups
 * the portal writes (~1 KiB). `tests/unit/ui/class-merge.test.ts` holds it to tailwind-merge's answer for every
 * pair of classes found in `app/` (a class this does not know is kept, never dropped): a new kind of utility that
 * needs merging fails that test until its group is added here.
 */

/** [pattern, group]: the first pattern that matches a utility (without variants) names its group. */
const GROUPS: [RegExp, string][] = [
  // An arbitrary property (`[overflow-wrap:anywhere]`): a later one of the same property wins.
  [/^\[([a-z-]+):.+\]$/, "[$1]"],
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|table|flow-root|list-item)$/, "display"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(visible|invisible|collapse)$/, "visibility"],
  [/^(sr-only|not-sr-only)$/, "sr"],
  [/^(italic|not-italic)$/, "font-style"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^(tabular-nums|proportional-nums)$/, "fvn-spacing"],
  [/^(transform|transform-cpu|transform-gpu|transform-none)$/, "transform"],
  [/^(filter|filter-none)$/, "filter"],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline(-\d+)?$/, "outline-w"],
  [/^flex-(row|row-reverse|col|col-reverse)$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^(grow|shrink)(-|$)/, "$1"],
  [/^order-(\d+|first|last|none|\[.+\])$/, "order"],
  [/^(basis|grid-cols|grid-rows|auto-rows|auto-cols|col-start|col-end|row-start|row-end)-/, "$1"],
  [/^col-(span-|auto$)/, "col"],
  [/^row-(span-|auto$)/, "row"],
  [/^(gap-x|gap-y|gap)-/, "$1"],
  [/^(space-x|space-y)-(?!reverse)/, "$1"],
  [/^divide-(x|y)(-\d+)?$/, "divide-$1"],
  [/^(p|px|py|ps|pe|pt|pr|pb|pl|m|mx|my|ms|me|mt|mr|mb|ml)-/, "$1"],
  [/^(scroll-my|scroll-mx|scroll-m)-/, "$1"],
  [/^(size|min-w|min-h|max-w|max-h|w|h)-/, "$1"],
  [/^(inset-x|inset-y|inset|top|right|bottom|left|start|end)-(\d+(\.\d+)?|\d+\/\d+|px|full|auto|\[.+\]|\(.+\))$/, "$1"],
  [/^animate-(none|spin|ping|pulse|bounce|\[.+\]|\(.+\))$/, "animate"],
  [/^(z|opacity|origin|duration|delay|ease|cursor|aspect|line-clamp)-/, "$1"],
  [/^(translate-x|translate-y|scale-x|scale-y|rotate)-/, "$1"],
  [/^(items|place-items|place-self|place-content|justify-items|justify-self|justify)-/, "$1"],
  [/^self-(auto|start|end|center|stretch|baseline)$/, "self"],
  [/^content-(normal|center|start|end|between|around|evenly|baseline|stretch)$/, "content"],
  [/^(overflow-x|overflow-y|overflow)-/, "$1"],
  [/^(whitespace|break|pointer-events|touch|appearance|resize|caption|field-sizing|underline-offset|tracking|leading)-/, "$1"],
  [/^select-(none|text|all|auto)$/, "select"],
  [/^list-(none|disc|decimal)$/, "list-style-type"],
  [/^object-(contain|cover|fill|none|scale-down)$/, "object-fit"],
  [/^align-(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, "vertical-align"],
  [/^transition(-|$)/, "transition"],
  [/^backdrop-blur(-|$)/, "backdrop-blur"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-(xs|sm|base|lg|[2-9]?xl|\[\d[\d.]*(px|rem|em)\])$/, "font-size"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^bg-linear-/, "bg-image"],
  [/^bg-/, "bg-color"],
  [/^(from|via|to)-/, "gradient-$1"],
  [/^border-(collapse|separate)$/, "border-collapse"],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border(-[xytrblse])?(-\d+)?$/, "border-w$1"],
  [/^border(-[xytrblse])?-/, "border-color$1"],
  [/^rounded(-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee))?(-|$)/, "rounded$1"],
  [/^ring(-\d+|-\[\d[^\]]*px\])?$/, "ring-w"],
  [/^ring-/, "ring-color"],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner)|-\[.*\d(px|rem).*\])?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^stroke-(\d+|\[\d[^\]]*\])$/, "stroke-w"],
  [/^(accent|fill|stroke|caret)-/, "$1"],
];

/** A group a later class overrides too: `p-0` after `px-5 pt-2` drops both. */
const CONFLICTS: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["start", "end", "right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["ps", "pe", "pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["ms", "me", "mr", "ml"],
  my: ["mt", "mb"],
  "scroll-m": ["scroll-mx", "scroll-my"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-x": ["border-w-r", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
    "border-color-s",
    "border-color-e",
  ],
  "border-color-x": ["border-color-r", "border-color-l", "border-color-s", "border-color-e"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

/** Variants whose order changes what a class means (tailwind-merge keeps their order; it sorts the others). */
const ORDER_SENSITIVE = new Set([
  "*",
  "**",
  "after",
  "backdrop",
  "before",
  "file",
  "first-letter",
  "first-line",
  "marker",
  "placeholder",
  "selection",
]);

/** `hover:md:!p-2` → variants ["hover", "md"], important, utility "p-2" (a `:` inside brackets is not a split). */
function parse(className: string): { variants: string; utility: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let utility = className.slice(start);
  let important = false;
  if (utility.startsWith("!")) {
    important = true;
    utility = utility.slice(1);
  } else if (utility.endsWith("!")) {
    important = true;
    utility = utility.slice(0, -1);
  }
  if (utility.startsWith("-")) utility = utility.slice(1);
  return { variants: sortVariants(parts).join(":") + (important ? "!" : ""), utility };
}

/** Plain variants sorted; an arbitrary or order-sensitive one keeps its place and splits the runs it is between. */
function sortVariants(variants: string[]): string[] {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[") || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}

function groupOf(utility: string): string | null {
  for (const [pattern, group] of GROUPS) {
    const match = pattern.exec(utility);
    if (match) return group.replace("$1", match[1] ?? "");
  }
  return null;
}

/** Lists already merged: a page draws the same few hundred lists over and over (cleared when full). */
const merged = new Map<string, string>();

export function mergeClasses(classList: string): string {
  let result = merged.get(classList);
  if (result === undefined) {
    if (merged.size >= 1000) merged.clear();
    result = merge(classList);
    merged.set(classList, result);
  }
  return result;
}

function merge(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index];
    if (!className) continue;
    const { variants, utility } = parse(className);
    const group = groupOf(utility);
    if (group === null) {
      kept.push(className);
      continue;
    }
    const key = `${variants}:${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const other of CONFLICTS[group] ?? []) taken.add(`${variants}:${other}`);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
