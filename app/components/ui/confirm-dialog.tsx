import * as React from "react";
import { Form, type HTMLFormMethod, UNSAFE_NavigationContext, useFormAction, useSubmit } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

// The dialog (Radix AlertDialog) loads when a trigger is first pointed at, focused or clicked: a list page
// with a delete button per row does not download or hydrate it up front.
const loadContent = () => import("./confirm-dialog-content");
const ConfirmDialogContent = React.lazy(loadContent);

/**
 * What a list gives the small forms of its rows (delete, masquerade): its route's form action and one submit handler,
 * `<Form method="post">`'s, so that each row's form is a plain `<form>` instead of a `<Form>` running the router's
 * hooks (`useSubmit`, `useFormAction`) for the same answer (decision 064). Outside a list forms are `<Form>`s.
 */
export interface ListForms {
  /** `useFormAction()` of the list's route: where a form without `action` posts. */
  action: string;
  /** `<Form method="post">`'s submit handler: the router submits the form (or its submitter) on the client. */
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The id of the list's form for `RowForm`s of this name, when the list draws one (`DataTable`'s `rowForms`). */
  rowFormId?: (name: string) => string | undefined;
}

/**
 * A post the rows of a list share, e.g. "delete this row" (decision 074): the list draws one hidden form with the
 * fixed `fields` under its table, and each row's button joins it with `form=` and posts its own value by its `name`
 * and `value`. The post is the same as a small form per row, with or without JavaScript, for six elements fewer a
 * row. Declared once per module (`DataTable`'s `rowForms` and each row's `ConfirmDialog` `row` name the same one).
 */
export interface RowForm {
  /** Unique among a list's row forms: part of the form's id. */
  name: string;
  /** Route action to post to (default: the list's route); an absolute path. */
  action?: string;
  /** The fields every row posts, e.g. `{ intent: "delete" }`. */
  fields: Readonly<Record<string, string>>;
}
export const ListForms = React.createContext<ListForms | null>(null);

export function useListForms(): ListForms {
  const { useTransitions } = React.useContext(UNSAFE_NavigationContext);
  const submit = useSubmit();
  const action = useFormAction();
  return {
    action,
    onSubmit(event) {
      if (event.defaultPrevented) return;
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
      const method = (submitter?.getAttribute("formmethod") || "post") as HTMLFormMethod;
      const go = () => void submit(submitter || form, { method });
      if (useTransitions) React.startTransition(go);
      else go();
    },
  };
}

/** A form's `action` a list's plain `<form>` can post to as `<Form>` would: none (the route's), or an absolute path. */
function plainAction(lists: ListForms | null, action: string | undefined): string | null {
  if (!lists) return null;
  if (action === undefined) return lists.action;
  return /^\/(?!\/)[^?#]*$/.test(action) ? action : null;
}

export interface ConfirmDialogProps {
  /**
   * Dialog title (default "Are you sure?"). As a function, written when the dialog first opens: a list's rows pass
   * functions, so that the server writes no dialog strings for dialogs nobody opens (issue 27).
   */
  title?: string | (() => string);
  description?: React.ReactNode | (() => React.ReactNode);
  /** Label of the confirming button (default "Confirm"). */
  confirmLabel?: string;
  /** Red confirming button, for deletions and other irreversible actions. */
  destructive?: boolean;
  /** Hidden fields posted to the action, e.g. `{ intent: "delete", id: "42" }` (not with `form` or `row`). */
  fields?: Record<string, string | number>;
  /**
   * A row's post through its list's shared form (`RowForm`): the form's fields and `name=value`. Outside a list
   * drawing that form, a small form of its own posts the same.
   */
  row?: { form: RowForm; name: string; value: string | number };
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
  fields: ownFields = {},
  action: ownAction,
  form: ownForm,
  submit: ownSubmit,
  row,
  children,
  triggerProps,
}: ConfirmDialogProps) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing can animate.
  const [used, setUsed] = React.useState(false);
  const ownId = React.useId();
  const lists = React.useContext(ListForms);
  const shared = row && lists?.rowFormId?.(row.form.name);
  const form = shared ?? ownForm;
  const submit = shared ? { name: row.name, value: String(row.value) } : ownSubmit;
  const fields = row && !shared ? { ...row.form.fields, [row.name]: row.value } : ownFields;
  const action = row && !shared ? row.form.action : ownAction;
  const formId = form ?? ownId;
  const postTo = form ? null : plainAction(lists, action);

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

  const hidden = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);

  return (
    <>
      {form ? (
        trigger
      ) : lists && postTo !== null ? (
        <form
          method="post"
          action={postTo}
          onSubmit={(event) => {
            setOpen(false);
            lists.onSubmit(event);
          }}
          id={formId}
          className="contents"
          data-discover="true"
        >
          {hidden}
          {trigger}
        </form>
      ) : (
        <Form id={formId} method="post" action={action} onSubmit={() => setOpen(false)} className="contents">
          {hidden}
          {trigger}
        </Form>
      )}
      {used && (
        <React.Suspense fallback={null}>
          <ConfirmDialogContent
            open={open}
            onOpenChange={setOpen}
            title={typeof title === "function" ? title() : title}
            description={typeof description === "function" ? description() : description}
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
