import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
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
    expect(attr(trigger, "class")).toContain("bg-destructive");
    // The trigger sits inside the form; the dialog itself is not rendered until opened.
    expect(html.indexOf(trigger)).toBeGreaterThan(html.indexOf(form));
    expect(html.indexOf(trigger)).toBeLessThan(html.indexOf("</form>"));
    expect(html).not.toContain("Delete user?");
  });
});
