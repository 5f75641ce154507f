import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocale, useT } from '../../../src/client/i18n';
import { findArea, searchAreas, type AddressCountry } from '../../../src/shared/gulf/areas';

/**
 * The area picker: a combobox (ARIA 1.2 pattern) over the division's areas, filtered as the user types
 * in Arabic or English; arrows, Enter and Escape from the keyboard, a tap on a phone.
 */
export function AreaCombobox({
  country,
  division,
  value,
  onChange,
  label,
  error,
  name,
}: {
  country: AddressCountry;
  division: string;
  value: string;
  onChange: (areaId: string) => void;
  label: string;
  error?: string;
  name: string;
}) {
  const t = useT();
  const locale = useLocale();
  const other = locale === 'ar' ? 'en' : 'ar';
  const id = useId();
  const listId = `${id}-list`;
  const selected = division ? findArea(country, division, value) : undefined;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const options = useMemo(() => (division ? searchAreas(country, query ?? '', division) : []), [country, division, query]);
  const shown = query ?? selected?.[locale] ?? '';

  const choose = (areaId: string) => {
    onChange(areaId);
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (options.length ? (a + step + options.length) % options.length : 0));
    } else if (e.key === 'Enter') {
      if (open && options[active]) {
        e.preventDefault();
        choose(options[active]!.id);
      }
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <div className="fieldset relative py-0" data-testid={`${name}-area`}>
      <label className="fieldset-legend pb-1" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        className={`input w-full ${error ? 'input-error' : ''}`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${options[active]!.id}` : undefined}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        disabled={!division}
        placeholder={t('address.areaPlaceholder')}
        value={shown}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
      />
      {open && division ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
        >
          {options.length ? (
            options.map((a, i) => (
              <li
                key={a.id}
                id={`${listId}-${a.id}`}
                role="option"
                aria-selected={a.id === value}
                className={`flex cursor-pointer items-center justify-between gap-3 rounded-field px-3 py-2.5 text-sm ${i === active ? 'bg-primary/10' : ''} ${a.id === value ? 'font-semibold' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(a.id)}
              >
                <span>{a[locale]}</span>
                <span className="text-xs text-base-content/70" lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'}>
                  {a[other]}
                </span>
              </li>
            ))
          ) : (
            <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2.5 text-sm text-base-content/70">
              {t('address.areaNone')}
            </li>
          )}
        </ul>
      ) : null}
      {error ? (
        <span className="text-xs text-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
