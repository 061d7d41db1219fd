import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Label } from "~/components/ui/label";

/** The label's `onMouseDown` as the browser would call it: the element pressed and the click count. */
function pressLabel(props: React.ComponentProps<typeof Label>, target: string, detail: number) {
  const element = Label(props) as React.ReactElement<React.ComponentProps<"label">>;
  const event = {
    target: { closest: (selector: string) => (selector.split(", ").includes(target) ? {} : null) },
    detail,
    defaultPrevented: false,
    preventDefault: vi.fn(function (this: { defaultPrevented: boolean }) {
      this.defaultPrevented = true;
    }),
  };
  element.props.onMouseDown?.(event as unknown as React.MouseEvent<HTMLLabelElement>);
  return event;
}

describe("Label (Radix's behaviour without Radix)", () => {
  it("renders a <label> with the caller's attributes and merged classes", () => {
    const html = renderToStaticMarkup(
      <Label htmlFor="email" className="font-normal">
        Email
      </Label>,
    );
    expect(html).toMatch(/^<label data-slot="label" class="[^"]*font-normal[^"]*" for="email">Email<\/label>$/);
    expect(html).not.toContain("font-medium");
  });

  it("keeps a double click on its text from selecting it, not a single click", () => {
    expect(pressLabel({}, "span", 2).preventDefault).toHaveBeenCalledOnce();
    expect(pressLabel({}, "span", 1).preventDefault).not.toHaveBeenCalled();
  });

  it("leaves a press on a control inside it to the control, without calling the caller's handler", () => {
    const onMouseDown = vi.fn();
    for (const control of ["button", "input", "select", "textarea"]) {
      expect(pressLabel({ onMouseDown }, control, 2).preventDefault).not.toHaveBeenCalled();
    }
    expect(onMouseDown).not.toHaveBeenCalled();
  });

  it("calls the caller's handler first, which may keep the default", () => {
    const onMouseDown = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const event = pressLabel({ onMouseDown }, "span", 2);
    expect(onMouseDown).toHaveBeenCalledOnce();
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });
});
