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
  /** Hidden fields posted to the action, e.g. `{ intent: "delete", id: "42" }`. */
  fields: Record<string, string | number>;
  /** Route action to post to (default: the current route). */
  action?: string;
  /** Content of the trigger button (text or an icon with an `aria-label` in `triggerProps`). */
  children: React.ReactNode;
  triggerProps?: Omit<ButtonProps, "type" | "form" | "onClick" | "children" | "asChild">;
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
  fields,
  action,
  children,
  triggerProps,
}: ConfirmDialogProps) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing can animate.
  const [used, setUsed] = React.useState(false);
  const formId = React.useId();

  return (
    <>
      <Form id={formId} method="post" action={action} onSubmit={() => setOpen(false)} className="contents">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button
          variant={destructive ? "destructive" : "default"}
          {...triggerProps}
          type="submit"
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
      </Form>
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
          />
        </React.Suspense>
      )}
    </>
  );
}
