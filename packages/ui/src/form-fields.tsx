import type * as React from "react";
import type { ControllerRenderProps, FieldPath, FieldPathValue, FieldValues, UseControllerProps } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./form";
import { Input } from "./input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { Switch } from "./switch";

/**
 * The field wrappers in the manner of the Epic Stack's app/utils/forms.tsx, on the shadcn/ui form primitives: each
 * takes the form's control and a field name checked against the form's values (as <FormField> does), a label, an
 * optional description under the control (descriptionClassName: its classes), and passes the control's own props
 * through. The label points at the control, which is described by the description and, on an error, by the message.
 */
export type FieldWrapperProps<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformedValues> = Required<
  Pick<UseControllerProps<TFieldValues, TName, TTransformedValues>, "control">
> &
  Pick<UseControllerProps<TFieldValues, TName, TTransformedValues>, "name"> &
  FrameProps;

type FrameProps = {
  label: React.ReactNode;
  description?: React.ReactNode;
  descriptionClassName?: string;
  /** false: no error message under the field, for a form that says its errors once, elsewhere. */
  message?: boolean;
};

/** inline: the control first, its label and description beside it (a switch, a checkbox); else a column. */
type Layout = { inline?: boolean };

/** Label, control, description and error message. */
function FieldFrame({
  label,
  description,
  descriptionClassName,
  message = true,
  inline = false,
  children,
}: FrameProps & Layout & { children: React.ReactNode }) {
  const words = (
    <>
      <FormLabel>{label}</FormLabel>
      {!inline && children}
      {description && <FormDescription className={descriptionClassName}>{description}</FormDescription>}
      {message && <FormMessage />}
    </>
  );
  if (!inline) return <FormItem>{words}</FormItem>;
  return (
    <FormItem className="flex items-start gap-3">
      {children}
      <div className="grid gap-1">{words}</div>
    </FormItem>
  );
}

/**
 * A labelled field around any control (a text area, a radio group…): `render` gets react-hook-form's field and returns
 * the control inside <FormControl>, which gives it its id, aria-describedby and aria-invalid (a <Select> puts
 * <FormControl> around its trigger).
 */
export function LabelledField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformedValues = TFieldValues>({
  control,
  name,
  render,
  ...frame
}: FieldWrapperProps<TFieldValues, TName, TTransformedValues> & Layout & { render: (field: ControllerRenderProps<TFieldValues, TName>) => React.ReactNode }) {
  return <FormField control={control} name={name} render={({ field }) => <FieldFrame {...frame}>{render(field)}</FieldFrame>} />;
}

/** A wrapper's props: those LabelledField takes, and the rest (the control's own). */
function splitField<P extends FrameProps & { control: unknown; name: string }>({
  control,
  name,
  label,
  description,
  descriptionClassName,
  message,
  ...own
}: P) {
  const field = { control, name, label, description, descriptionClassName, message };
  return [field as Pick<P, keyof typeof field>, own] as const;
}

/** What the field owns of its control: its id (the label's target), name, value and handlers. */
type FieldOwned = "id" | "name" | "value" | "defaultValue" | "checked" | "defaultChecked" | "onChange" | "onCheckedChange" | "onBlur" | "ref" | "disabled";

/**
 * A text box (any <input> type: email, password, number, date…); the other props go to the <Input>. No value shows as
 * an empty box. `parse` turns a change into the field's value (a number, a trimmed or absent text); without it the
 * value is the text.
 */
export function TextField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformedValues = TFieldValues>({
  parse,
  ...props
}: FieldWrapperProps<TFieldValues, TName, TTransformedValues> &
  Omit<React.ComponentProps<typeof Input>, FieldOwned> & {
    parse?: (event: React.ChangeEvent<HTMLInputElement>) => FieldPathValue<TFieldValues, TName> | undefined;
  }) {
  const [labelled, input] = splitField(props);
  return (
    <LabelledField
      {...labelled}
      render={(field) => (
        <FormControl>
          <Input {...field} value={field.value ?? ""} onChange={parse ? (event) => field.onChange(parse(event)) : field.onChange} {...input} />
        </FormControl>
      )}
    />
  );
}

/** A choice from a list of options (a value and what it is called), as wide as the form. */
export function SelectField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformedValues = TFieldValues>({
  options,
  ...props
}: FieldWrapperProps<TFieldValues, TName, TTransformedValues> & { options: readonly { value: string; label: React.ReactNode }[] }) {
  return (
    <LabelledField
      {...props}
      render={(field) => (
        <Select value={field.value} onValueChange={field.onChange}>
          <FormControl>
            <SelectTrigger className="w-full">
              <SelectValue />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** An on/off field: the switch, then its label and description beside it; the other props go to the <Switch>. */
export function SwitchField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformedValues = TFieldValues>(
  props: FieldWrapperProps<TFieldValues, TName, TTransformedValues> & Omit<React.ComponentProps<typeof Switch>, FieldOwned>,
) {
  const [labelled, rest] = splitField(props);
  return (
    <LabelledField
      {...labelled}
      inline
      render={(field) => (
        <FormControl>
          <Switch ref={field.ref} checked={!!field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} {...rest} />
        </FormControl>
      )}
    />
  );
}
