import { requireScreen } from "~/lib/sanctum/context.server";
import { csvText } from "../../common/csv";
import { IMPORT_TEMPLATE_ROWS } from "../../common/number-imports";
import type { Route } from "./+types/tools.import.phone-numbers.template";

/** The import template: every column and two example rows, UTF-8 with a BOM so Excel reads it as such. */
export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "number-import");
  return new Response(csvText(IMPORT_TEMPLATE_ROWS, { bom: true }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="phone-numbers-template.csv"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
