import * as React from "react";
import { Form } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

// The dialog (Radix AlertDialog) loads when a trigger is first pointed at, focused or clicked: a list page
// with a delete button per row does not download or hydrate it up front.
const loadContent = () => import("./confirm-dialog-content");
const ConfirmDialogContent = React.lazy(loadContent);

export interface ConfirmDialogProps {
  /** Dialog title (default "Are you sure?"). */
  title?: string;
  description?: React.ReactNode;
  /** Label of the confirming button (default "Confirm"). */
  confirmLabel?: string;
  /** Red confirming button, for deletions and other irreversible actions. */
  destructive?: boolean;
  /** Hidden fields posted to the action, e.g. `{ intent: "delete", id: "42" }` (not with `form`). */
  fields?: Record<string, string | number>;
  /**
   * Submit an existing form instead of a small one of its own (a list's bulk-action form): the trigger and the
   * confirming button are that form's submit buttons with `submit` as their name and value, and confirming also
   * posts `confirmed=1`. Without JavaScript the trigger posts without it, and the action asks again in the page.
   */
  form?: string;
  submit?: { name: string; value: string };
  /** Route action to post to (default: the current route). */
  action?: string;
  /** Content of the trigger button (text or an icon with an `aria-label` in `triggerProps`). */
  children: React.ReactNode;
  triggerProps?: Omit<ButtonProps, "type" | "form" | "onClick" | "children">;
}

/**
 * Asks for confirmation before posting a small form (delete, masquerade, …) to a route action.
 *
 * The trigger is a real submit button of a real `<Form method="post">` holding the hidden fields:
 * - without JavaScript it simply submits the form, so the action still runs;
 * - with JavaScript its click is intercepted to open an alert dialog first; the dialog's confirm button
 *   submits the same form through the `form` attribute (the dialog is portalled outside it), so React
 *   Router handles the post and revalidates as usual.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  fields = {},
  action,
  form,
  submit,
  children,
  triggerProps,
}: ConfirmDialogProps) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing can animate.
  const [used, setUsed] = React.useState(false);
  const ownId = React.useId();
  const formId = form ?? ownId;

  React.useEffect(() => {
    if (!form) return;
    const element = document.getElementById(form);
    const close = () => setOpen(false);
    element?.addEventListener("submit", close);
    return () => element?.removeEventListener("submit", close);
  }, [form]);

  const trigger = (
    <Button
      variant={destructive ? "destructive" : "default"}
      {...triggerProps}
      type="submit"
      form={form}
      name={submit?.name}
      value={submit?.value}
      onPointerEnter={(event) => {
        void loadContent();
        triggerProps?.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        void loadContent();
        triggerProps?.onFocus?.(event);
      }}
      onClick={(event) => {
        event.preventDefault();
        setUsed(true);
        setOpen(true);
      }}
    >
      {children}
    </Button>
  );

  return (
    <>
      {form ? (
        trigger
      ) : (
        <Form id={formId} method="post" action={action} onSubmit={() => setOpen(false)} className="contents">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {trigger}
        </Form>
      )}
      {used && (
        <React.Suspense fallback={null}>
          <ConfirmDialogContent
            open={open}
            onOpenChange={setOpen}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            destructive={destructive}
            formId={formId}
            submit={form ? submit : undefined}
          />
        </React.Suspense>
      )}
    </>
  );
}
