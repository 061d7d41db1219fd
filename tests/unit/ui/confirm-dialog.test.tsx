import type * as React from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog, ListForms, type RowForm, useListForms } from "~/components/ui/confirm-dialog";
import { type ColumnDef, DataTable } from "~/components/ui/data-table";
import { attr, findTags, renderAt } from "./helpers";

describe("ConfirmDialog", () => {
  it("renders a real POST form whose trigger submits the hidden fields without JavaScript", async () => {
    const html = await renderAt("/users", () => (
      <ConfirmDialog
        title="Delete user?"
        destructive
        fields={{ intent: "delete", id: 42 }}
        action="/users"
        triggerProps={{ "aria-label": "Delete Alice" }}
      >
        Delete
      </ConfirmDialog>
    ));
    const [form] = findTags(html, "form", 'method="post"', 'action="/users"');
    expect(form).toBeDefined();
    expect(findTags(html, "input", 'type="hidden"', 'name="intent"', 'value="delete"')).toHaveLength(1);
    expect(findTags(html, "input", 'type="hidden"', 'name="id"', 'value="42"')).toHaveLength(1);

    const [trigger] = findTags(html, "button", 'aria-label="Delete Alice"');
    expect(attr(trigger, "type")).toBe("submit");
    expect(attr(trigger, "class")).toContain("btn-destructive");
    // The trigger sits inside the form; the dialog itself is not rendered until opened.
    expect(html.indexOf(trigger)).toBeGreaterThan(html.indexOf(form));
    expect(html.indexOf(trigger)).toBeLessThan(html.indexOf("</form>"));
    expect(html).not.toContain("Delete user?");
  });

  describe("in a list (plain forms sharing the list's submit handler, decision 064)", () => {
    function InList({ children }: { children: React.ReactNode }) {
      return <ListForms value={useListForms()}>{children}</ListForms>;
    }
    const dialog = (action?: string) => (
      <ConfirmDialog
        title="Delete?"
        destructive
        fields={{ intent: "delete", id: 42 }}
        action={action}
        triggerProps={{ "aria-label": "Delete" }}
      >
        Delete
      </ConfirmDialog>
    );

    it("draws the form <Form> draws: the route's action with its query, or an absolute one", async () => {
      for (const url of ["/users", "/users?page=2&search=a%20b"]) {
        for (const action of [undefined, "/masquerade", "/users/5?x=1", "edit", "."]) {
          const inList = await renderAt(url, () => <InList>{dialog(action)}</InList>);
          const alone = await renderAt(url, () => dialog(action));
          expect(inList, `${url} ${action}`).toBe(alone);
        }
      }
      const html = await renderAt("/users?page=2", () => <InList>{dialog()}</InList>);
      expect(attr(findTags(html, "form")[0], "action")).toBe("/users?page=2");
      expect(findTags(html, "form", 'data-discover="true"')).toHaveLength(1);
    });
  });

  describe("a row's post through its list's shared form (RowForm, decision 074)", () => {
    const MASQUERADE: RowForm = { name: "masquerade", action: "/masquerade", fields: { intent: "start" } };
    const DELETE: RowForm = { name: "delete", fields: { intent: "delete" } };
    const rowDialogs = (id: number) => (
      <>
        <ConfirmDialog row={{ form: MASQUERADE, name: "userId", value: id }} triggerProps={{ "aria-label": `Log in as ${id}` }}>
          Log in
        </ConfirmDialog>
        <ConfirmDialog destructive row={{ form: DELETE, name: "id", value: id }} triggerProps={{ "aria-label": `Delete ${id}` }}>
          Delete
        </ConfirmDialog>
      </>
    );
    const columns: ColumnDef<{ id: number }>[] = [
      { id: "id", cell: ({ row }) => String(row.original.id), meta: { label: "Id" } },
      { id: "actions", cell: ({ row }) => rowDialogs(row.original.id), meta: { label: "Actions" } },
    ];
    const page = { data: [{ id: 41 }, { id: 42 }], current_page: 1, per_page: 25, total: 2, last_page: 1, from: 1, to: 2 };
    const list = (rowForms?: RowForm[]) =>
      renderAt("/users?page=1", () => (
        <DataTable label="Users" columns={columns} page={page} getRowId={(row) => String(row.id)} rowForms={rowForms} />
      ));

    /** What a trigger posts without JavaScript: its form's fields, then its own name and value. */
    function posted(html: string, label: string) {
      const [trigger] = findTags(html, "button", `aria-label="${label}"`);
      const formId = attr(trigger, "form");
      const start = formId ? html.indexOf(`id="${formId}"`) : html.lastIndexOf("<form", html.indexOf(trigger));
      const form = html.slice(html.lastIndexOf("<form", start), html.indexOf("</form>", start));
      const fields = findTags(form, "input", 'type="hidden"').map((input) => [attr(input, "name"), attr(input, "value")]);
      if (attr(trigger, "name")) fields.push([attr(trigger, "name"), attr(trigger, "value")]);
      return { action: attr(findTags(form, "form")[0], "action"), method: attr(findTags(form, "form")[0], "method"), fields };
    }

    it("draws one hidden form per RowForm under the table, each row's trigger joining it with its own value", async () => {
      const html = await list([MASQUERADE, DELETE]);
      expect(findTags(html, "form", 'method="post"')).toHaveLength(2);
      for (const id of [41, 42]) {
        expect(posted(html, `Log in as ${id}`)).toEqual({
          action: "/masquerade",
          method: "post",
          fields: [
            ["intent", "start"],
            ["userId", String(id)],
          ],
        });
        expect(posted(html, `Delete ${id}`)).toEqual({
          action: "/users?page=1",
          method: "post",
          fields: [
            ["intent", "delete"],
            ["id", String(id)],
          ],
        });
      }
      const [shared] = findTags(html, "form", 'method="post"', 'action="/masquerade"');
      expect(attr(shared, "hidden")).toBe("");
    });

    it("posts the same through a form of its own where the list draws no such form, or outside a list", async () => {
      const shared = await list([MASQUERADE, DELETE]);
      for (const html of [await list([DELETE]), await list(), await renderAt("/users?page=1", () => rowDialogs(42))]) {
        for (const label of ["Log in as 42", "Delete 42"]) expect(posted(html, label)).toEqual(posted(shared, label));
      }
      // Without the masquerade RowForm, that trigger sits inside a small form of its own.
      const html = await list([DELETE]);
      expect(attr(findTags(html, "button", 'aria-label="Log in as 42"')[0], "form")).toBeNull();
      expect(findTags(html, "form", 'action="/masquerade"')).toHaveLength(2);
    });
  });
});
