import type * as React from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog, ListForms, useListForms } from "~/components/ui/confirm-dialog";
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
});
