import { useT } from '../../../src/client/i18n';
import type { FieldErrors } from '../../../src/client/forms';
import { Field } from '../../../src/client/ui/Field';

/** New password + confirmation, with the policy's hint: the change form and the reset page. */
export function NewPasswordFields({
  idPrefix,
  password,
  confirm,
  onPassword,
  onConfirm,
  labels,
  shown,
  errors = {},
  errorTestId,
}: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  labels: { password: string; confirm: string };
  shown: boolean;
  /** Messages on newPassword / confirmPassword, shown under their field (errorTestId on the one shown). */
  errors?: FieldErrors;
  errorTestId?: string;
}) {
  const t = useT();
  const type = shown ? 'text' : 'password';
  return (
    <>
      <Field
        id={`${idPrefix}-new`}
        name="newPassword"
        type={type}
        autoComplete="new-password"
        maxLength={200}
        label={labels.password}
        aria-describedby={`${idPrefix}-hint`}
        error={errors.newPassword}
        errorTestId={errorTestId}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <p id={`${idPrefix}-hint`} className="-mt-2 text-xs text-base-content/70">
        {t('password.hint')}
      </p>
      <Field
        id={`${idPrefix}-confirm`}
        name="confirmPassword"
        type={type}
        autoComplete="new-password"
        maxLength={200}
        label={labels.confirm}
        error={errors.confirmPassword}
        errorTestId={errorTestId}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}

/** "Show passwords": a phone keyboard makes typos easy to miss. */
export function ShowPasswords({ shown, onChange }: { shown: boolean; onChange: (v: boolean) => void }) {
  const t = useT();
  return (
    <label className="label cursor-pointer gap-2 text-sm">
      <input type="checkbox" className="checkbox checkbox-sm" checked={shown} onChange={(e) => onChange(e.target.checked)} />
      {t('password.show')}
    </label>
  );
}

export function FormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error text-sm" data-testid={testId}>
      {message}
    </div>
  );
}
