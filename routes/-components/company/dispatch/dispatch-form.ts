import { dispatchSettingsInput, type DispatchSettings } from '../../../../src/shared/schemas/dispatch';

/** The numeric settings in the order the form shows them. */
export const NUMBER_FIELDS = ['offerSeconds', 'maxAttempts', 'batchRadiusMeters', 'timeoutsToPause', 'maxLoad'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
export type DispatchDraft = { mode: DispatchSettings['mode'] } & Record<NumberField, string>;

/** Each field's range, read from the shared contract (the server's own validator), so the form never disagrees with it. */
export function rangeOf(field: NumberField): { min: number; max: number } {
  const n = dispatchSettingsInput.shape[field].unwrap();
  return { min: n.minValue ?? 0, max: n.maxValue ?? Number.MAX_SAFE_INTEGER };
}

export function draftOf(s: DispatchSettings): DispatchDraft {
  return { mode: s.mode, ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(s[f])])) as Record<NumberField, string>) };
}

/** The settings a draft stands for, or the fields out of range (a whole number within the contract's bounds). */
export function parseDraft(d: DispatchDraft): { ok: true; value: DispatchSettings } | { ok: false; bad: NumberField[] } {
  const bad = NUMBER_FIELDS.filter((f) => {
    const text = d[f].trim();
    const { min, max } = rangeOf(f);
    return !/^\d+$/.test(text) || Number(text) < min || Number(text) > max;
  });
  if (bad.length) return { ok: false, bad };
  const value = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, Number(d[f].trim())])) as Record<NumberField, number>;
  return { ok: true, value: { mode: d.mode, ...value } };
}
