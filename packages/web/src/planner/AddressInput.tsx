import { useEffect, useId, useRef, useState } from 'react';
import type { LatLng, PlaceSuggestion } from '@cairn/contracts';
import { fetchPlaces } from '../api/endpoints.ts';
import { useOnline } from '../lib/useOnline.ts';

type Props = {
  label: string;
  name: 'origin' | 'destination';
  value: string;
  error: string | undefined;
  onChange: (text: string, location: LatLng | null) => void;
  onFocus: () => void;
};

const DEBOUNCE_MS = 200;

/** An address box with suggestions from /v1/places (ARIA combobox with a listbox popup). */
export function AddressInput({ label, name, value, error, onChange, onFocus }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState<string | null>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  const online = useOnline();
  const wantsSuggestions = typed !== null && typed.trim().length >= 2;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (typed === null || typed.trim().length < 2 || !online) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchPlaces(typed.trim(), controller.signal)
        .then((list) => {
          setSuggestions(list);
          setActive(-1);
          setOpen(list.length > 0);
        })
        .catch(() => setSuggestions([]));
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed, online]);

  const choose = (s: PlaceSuggestion) => {
    onChange(s.label, s.location);
    setTyped(null);
    setOpen(false);
    setSuggestions([]);
  };

  const expanded = open && suggestions.length > 0;
  return (
    <div className="field address-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && errorId, wantsSuggestions && !online && hintId].filter(Boolean).join(' ') || undefined
        }
        value={value}
        placeholder="Town, street, postcode or place"
        onChange={(e) => {
          onChange(e.target.value, null);
          setTyped(e.target.value);
        }}
        onFocus={onFocus}
        onBlur={() => {
          blurTimer.current = window.setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={(e) => {
          if (!expanded) {
            if (e.key === 'ArrowDown' && suggestions.length > 0) setOpen(true);
            return;
          }
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            const s = suggestions[active];
            if (s) choose(s);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className="suggestions"
        hidden={!expanded}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              window.clearTimeout(blurTimer.current);
              choose(s);
            }}
          >
            <span className="suggestion-label">{s.label}</span>
            <span className="suggestion-description">{s.description}</span>
          </li>
        ))}
      </ul>
      {wantsSuggestions && !online && (
        <p className="field-hint" id={hintId} role="status">
          Address suggestions need a connection: you are offline.
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
