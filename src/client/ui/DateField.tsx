import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { createPortal } from 'react-dom';
import { DayPicker, getDefaultClassNames, type Modifiers } from 'react-day-picker';
import { REGIONS, dateLocale, type Region } from '../../shared/regions';
import { localIsoDate } from '../../shared/schemas/order-import';
import { WEEKEND_LABEL, weekStartDay, weekendDays, type Weekend } from '../../shared/weekend';
import { useLocale, useT } from '../i18n';
import { Icon } from './Icon';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'size' | 'min' | 'max'>;

export interface DateFieldProps extends NativeProps {
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Whose weekend the calendar marks, and the week starts the day after (issue 8). */
  weekend: Weekend;
  /** Dates in its Arabic (ar-KW / ar-AE) and "today" in its zone; Kuwait when not given. */
  region?: Region;
  min?: string;
  max?: string;
  /** The field's name for assistive technology, when its visible label wraps more than the input. */
  label?: string;
  small?: boolean;
  testId?: string;
}

const DEFAULT_CLASSES = getDefaultClassNames();
/** 'YYYY-MM-DD' ↔ a local Date at midnight: the calendar works in plain calendar days. */
const toDate = (iso: string | undefined) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
};
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The native date input (typing, `fill()`, form validation unchanged) with a calendar button beside it:
 * a month calendar in a popover whose weeks start the day after the weekend and whose weekend days are
 * shaded and named as such for screen readers. Month and day names follow the UI language (Latin
 * digits in Arabic); right-to-left in Arabic; arrows, Page Up/Down, Home/End move, Enter picks, Escape
 * or a click outside closes. The popover sits in the top layer, so a modal or a scrolling table never clips it.
 */
export function DateField({ value, onChange, weekend, region = REGIONS.kuwait, min, max, label, small = false, testId = 'date-field', className = '', disabled, ...input }: DateFieldProps) {
  const t = useT();
  const language = useLocale();
  const popId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popRef = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const rtl = language === 'ar';

  // Inside a modal <dialog> the popover must be the dialog's own (the rest of the page is inert).
  useEffect(() => setContainer(wrapRef.current?.closest('dialog') ?? document.body), []);

  const place = useCallback(() => {
    const wrap = wrapRef.current;
    const pop = popRef.current;
    if (!wrap || !pop) return;
    const r = wrap.getBoundingClientRect();
    const { width, height } = pop.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const start = rtl ? r.right - width : r.left;
    const left = Math.max(8, Math.min(start, vw - width - 8));
    const below = r.bottom + 4;
    const top = below + height > vh - 8 && r.top - height - 4 >= 8 ? r.top - height - 4 : below;
    pop.style.left = `${left}px`;
    pop.style.top = `${Math.max(8, top)}px`;
  }, [rtl]);

  useLayoutEffect(() => {
    if (!open) return;
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, place]);

  const close = () => {
    popRef.current?.hidePopover();
    buttonRef.current?.focus();
  };

  const locale = dateLocale(region, language);
  const format = (d: Date, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, o).format(d);
  const longDate = (d: Date) => format(d, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const weekendName = t(WEEKEND_LABEL[weekend]);
  const today = toDate(localIsoDate(new Date(), region.timezone));
  const selected = toDate(value);
  const bounds = [toDate(min) ? { before: toDate(min)! } : null, toDate(max) ? { after: toDate(max)! } : null].filter((m) => m !== null);
  const dayLabel = (date: Date, m: Modifiers) => {
    let text = longDate(date);
    if (m.weekend) text = t('gulf.date.weekendDay', { date: text });
    if (m.today) text = t('gulf.date.today', { date: text });
    if (m.selected) text = t('gulf.date.selected', { date: text });
    return text;
  };

  return (
    <div ref={wrapRef} className={`join w-full ${className}`} data-testid={testId}>
      <input
        {...input}
        type="date"
        className={`input join-item w-full min-w-0 grow [&::-webkit-calendar-picker-indicator]:hidden ${small ? 'input-sm' : ''}`}
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        ref={buttonRef}
        type="button"
        className={`btn join-item btn-square border-base-content/20 ${small ? 'btn-sm' : ''}`}
        popoverTarget={popId}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={label ? t('gulf.date.openFor', { label }) : t('gulf.date.open')}
        disabled={disabled}
        data-testid={`${testId}-open`}
      >
        <Icon name="calendar" className={small ? 'size-4' : 'size-5'} />
      </button>
      {container
        ? createPortal(
            <div
              ref={popRef}
              id={popId}
              popover="auto"
              role="dialog"
              aria-label={label ? `${label} · ${t('gulf.date.calendar')}` : t('gulf.date.calendar')}
              dir={rtl ? 'rtl' : 'ltr'}
              className="inset-auto m-0 overflow-visible border-0 bg-transparent p-0 text-base-content"
              onToggle={(e) => setOpen(e.newState === 'open')}
              data-testid={`${testId}-calendar`}
            >
              {open ? (
                <div className="rounded-box border border-base-300 bg-base-100 shadow-xl">
                  <DayPicker
                    className="react-day-picker border-0"
                    classNames={{ weekday: `${DEFAULT_CLASSES.weekday} nth-[n+6]:text-secondary nth-[n+6]:opacity-100` }}
                    mode="single"
                    required={false}
                    selected={selected}
                    defaultMonth={selected ?? toDate(min) ?? toDate(max) ?? today}
                    today={today}
                    onSelect={(d) => {
                      if (d) onChange(toIso(d));
                      close();
                    }}
                    disabled={bounds}
                    weekStartsOn={weekStartDay(weekend) as 0 | 1}
                    modifiers={{ weekend: { dayOfWeek: weekendDays(weekend) } }}
                    modifiersClassNames={{ weekend: 'bg-secondary/10 text-secondary [&>button]:font-semibold' }}
                    dir={rtl ? 'rtl' : 'ltr'}
                    lang={language}
                    autoFocus
                    formatters={{
                      formatCaption: (d) => format(d, { month: 'long', year: 'numeric' }),
                      formatWeekdayName: (d) => format(d, { weekday: rtl ? 'narrow' : 'short' }),
                      formatDay: (d) => format(d, { day: 'numeric' }),
                    }}
                    labels={{
                      labelDayButton: dayLabel,
                      labelGrid: (d) => format(d, { month: 'long', year: 'numeric' }),
                      labelWeekday: (d) => format(d, { weekday: 'long' }),
                      labelNext: () => t('gulf.date.nextMonth'),
                      labelPrevious: () => t('gulf.date.previousMonth'),
                      labelNav: () => t('gulf.date.calendar'),
                    }}
                  />
                  <p className="flex items-center gap-2 border-t border-base-200 px-3 py-2 text-xs text-base-content/70" data-testid={`${testId}-legend`}>
                    <span className="inline-block size-3 shrink-0 rounded-sm bg-secondary/25" aria-hidden="true" />
                    {t('gulf.date.legend', { weekend: weekendName })}
                  </p>
                </div>
              ) : null}
            </div>,
            container,
          )
        : null}
    </div>
  );
}
