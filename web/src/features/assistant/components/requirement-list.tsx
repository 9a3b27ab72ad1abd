import { useEffect, useId, useRef } from 'react';
import { LIMITS } from '../screens';

/**
 * An editable list of requirements (must-haves or nice-to-haves): each item a labelled field
 * with a Remove button, and an Add button that focuses the new, empty item. Controls are named
 * `<name>.<index>` as the request's field paths, so the server's complaints land on them.
 */
export function RequirementList({
  name,
  legend,
  itemLabel,
  items,
  onChange,
  errorOf,
}: {
  /** `mustHaves` or `niceToHaves`. */
  readonly name: string;
  readonly legend: string;
  /** "Must-have", "Nice-to-have". */
  readonly itemLabel: string;
  readonly items: readonly string[];
  readonly onChange: (items: string[]) => void;
  readonly errorOf: (name: string) => string | undefined;
}) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The item to focus once an Add or a Remove has re-rendered the list (-1: the Add button, when
  // the last item was removed).
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    const index = pendingFocus.current;
    pendingFocus.current = null;
    if (index === -1) addRef.current?.focus();
    else if (index !== null) listRef.current?.querySelectorAll('input')[index]?.focus();
  }, [items.length]);

  const listError = errorOf(name);
  const full = items.length >= LIMITS.requirementsMax;
  return (
    <fieldset className="requirement-list" aria-describedby={listError ? `${id}-error` : undefined}>
      <legend className="requirement-list__legend">{legend}</legend>
      {items.length === 0 ? <p className="requirement-list__empty">None yet.</p> : null}
      <ol ref={listRef} className="requirement-list__items">
        {items.map((item, index) => {
          const path = `${name}.${index}`;
          const error = errorOf(path);
          return (
            <li key={index} className="requirement-list__item">
              <label className="visually-hidden" htmlFor={`${id}-${index}`}>
                {`${itemLabel} ${index + 1}`}
              </label>
              <input
                id={`${id}-${index}`}
                type="text"
                name={path}
                value={item}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${index}-error` : undefined}
                onChange={(event) => onChange(items.map((other, at) => (at === index ? event.target.value : other)))}
              />
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  onChange(items.filter((_, at) => at !== index));
                  pendingFocus.current = items.length > 1 ? Math.min(index, items.length - 2) : -1;
                }}
              >
                Remove<span className="visually-hidden">{` ${itemLabel.toLowerCase()} ${index + 1}: ${item}`}</span>
              </button>
              {error ? (
                <p className="field__error requirement-list__error" id={`${id}-${index}-error`}>
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p className="field__error" id={`${id}-error`}>
          {listError}
        </p>
      ) : null}
      <button
        ref={addRef}
        type="button"
        className="button button--secondary button--small"
        disabled={full}
        onClick={() => {
          onChange([...items, '']);
          pendingFocus.current = items.length;
        }}
      >
        Add a {itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** The client rules of a requirement list: each item present and short enough. */
export function requirementErrors(name: string, label: string, items: readonly string[]): Record<string, string | undefined> {
  const errors: Record<string, string | undefined> = {};
  items.forEach((item, index) => {
    const text = item.trim();
    if (!text) errors[`${name}.${index}`] = `Please give the ${label.toLowerCase()} or remove it.`;
    else if (text.length > LIMITS.itemMaxChars) errors[`${name}.${index}`] = `${label} has at most ${LIMITS.itemMaxChars} characters.`;
  });
  if (items.length > LIMITS.requirementsMax) errors[name] = `Give at most ${LIMITS.requirementsMax} ${label.toLowerCase()} items.`;
  return errors;
}
