import { describe, expect, it } from "vitest";
import { keptForm, readFormData } from "~/lib/forms.server";

/** Decision 038: what a no-JS post typed survives a backend that fails the page around the form too. */
function post(body: URLSearchParams | FormData, path = "/roles/edit/7") {
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

describe("keptForm", () => {
  it("keeps the fields the action read, in order, repeated names included", async () => {
    const request = post(
      new URLSearchParams([
        ["name", "Ops"],
        ["permissions", "a"],
        ["permissions", "b"],
        ["intent", "save"],
      ]),
    );
    await readFormData(request);
    expect(await keptForm(request)).toEqual({
      fields: [
        ["name", "Ops"],
        ["permissions", "a"],
        ["permissions", "b"],
        ["intent", "save"],
      ],
      omitted: false,
    });
  });

  it("reads the body itself when the action failed before reading it", async () => {
    const request = post(new URLSearchParams([["description", "typed"]]));
    expect(await keptForm(request)).toEqual({ fields: [["description", "typed"]], omitted: false });
  });

  it("leaves out passwords, PINs, tokens and files, and says so", async () => {
    const form = new FormData();
    form.append("host", "smtp.example.com");
    form.append("password", "hunter2");
    form.append("pin", "1234");
    form.append("api_token", "t");
    form.append("logo", new File(["png"], "logo.png"));
    const kept = await keptForm(post(form));
    expect(kept).toEqual({ fields: [["host", "smtp.example.com"]], omitted: true });
    expect(JSON.stringify(kept)).not.toMatch(/hunter2|1234/);
  });

  it("keeps nothing of a very large form, and nothing of a data request or a GET", async () => {
    expect(await keptForm(post(new URLSearchParams([["notes", "x".repeat(70_000)]])))).toEqual({ fields: [], omitted: true });
    expect(await keptForm(post(new URLSearchParams([["name", "Ops"]]), "/roles/edit/7.data"))).toBeUndefined();
    expect(await keptForm(new Request("http://localhost/roles/edit/7"))).toBeUndefined();
  });
});
