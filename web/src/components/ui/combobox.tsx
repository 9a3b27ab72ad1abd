import { useId, useState, type KeyboardEvent } from 'react';
import { FieldFrame } from './form-field';
import './combobox.css';

export interface ComboboxOption {
  readonly id: string;
  readonly label: string;
  /** A second line (a headline), searched too. */
  readonly detail?: string;
}

/** Whether an option matches what was typed: every word, anywhere in its label or detail, case ignored. */
export function optionMatches(option: ComboboxOption, query: string): boolean {
  const text = `${option.label} ${option.detail ?? ''}`.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/**
 * A searchable choice among many (WAI-ARIA APG "combobox with listbox popup", list autocomplete):
 * typing filters the options, the arrow keys move through them, Enter picks, Escape closes. The
 * chosen option's label stays in the field; `value` is its id ('' for none).
 */
export function Combobox({
  label,
  name,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  readonly label: string;
  readonly name: string;
  readonly options: readonly ComboboxOption[];
  readonly value: string;
  readonly onChange: (id: string) => void;
  readonly error?: string;
  readonly hint?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const chosen = options.find((option) => option.id === value);
  const [query, setQuery] = useState(chosen?.label ?? '');
  const [open, setOpen] = useState(false);
  // The option the arrow keys are on; -1 while none is (as typing leaves it).
  const [active, setActive] = useState(-1);
  // While the field shows the chosen option, every option is offered again.
  const filtering = !chosen || query !== chosen.label;
  const shown = filtering ? options.filter((option) => optionMatches(option, query)) : options;
  const activeOption = open && active >= 0 ? shown[Math.min(active, shown.length - 1)] : undefined;

  // ATS ids may hold spaces, which an id reference cannot: options are named by their place.
  const optionId = (option: ComboboxOption) => `${id}-option-${options.indexOf(option)}`;

  const pick = (option: ComboboxOption) => {
    onChange(option.id);
    setQuery(option.label);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      if (shown.length === 0) return;
      setActive((before) => {
        if (before < 0) return event.key === 'ArrowDown' ? 0 : shown.length - 1;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        return (Math.min(before, shown.length - 1) + step + shown.length) % shown.length;
      });
    } else if (event.key === 'Enter' && open && activeOption) {
      event.preventDefault();
      pick(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const count = `${shown.length} of ${options.length} ${options.length === 1 ? 'matches' : 'match'}.`;
  return (
    <div className="combobox">
      <FieldFrame label={label} hint={hint ? `${hint} Type to search.` : 'Type to search.'} error={error}>
        {(control) => (
          <input
            {...control}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
              setOpen(true);
              if (value) onChange('');
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
        )}
      </FieldFrame>
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!open}>
        {shown.map((option) => (
          <li
            key={option.id}
            id={optionId(option)}
            role="option"
            aria-selected={option.id === value}
            className={`combobox__option${option === activeOption ? ' combobox__option--active' : ''}`}
            // Picked on mouse down, before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            <span className="combobox__label">{option.label}</span>
            {option.detail ? <span className="combobox__detail">{option.detail}</span> : null}
          </li>
        ))}
        {shown.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="combobox__empty">
            No match
          </li>
        ) : null}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {open ? count : ''}
      </p>
    </div>
  );
}
