/** A daisyUI tab strip that scrolls sideways on a phone; each tab is a button with role tab. */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  testId,
  small = false,
}: {
  items: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  label?: string;
  testId?: string;
  small?: boolean;
}) {
  return (
    <div role="tablist" aria-label={label} className={`tabs tabs-box w-full overflow-x-auto sm:w-fit ${small ? 'tabs-sm' : ''}`} data-testid={testId}>
      {items.map(({ key, label: text }) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          className={`tab whitespace-nowrap ${value === key ? 'tab-active' : ''}`}
          onClick={() => onChange(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
