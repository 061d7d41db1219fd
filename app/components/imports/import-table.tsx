import type { ReactNode } from "react";

/**
 * The import screens' plain tables (history, rows already in the inventory, row errors): column headings over
 * rows the caller draws. They are reports of one job, not lists, so they don't use the sortable data table.
 */
export function ImportTable({ testId, headings, children }: { testId: string; headings: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="border-y bg-muted/40 text-xs uppercase tracking-wide">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 text-start font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
