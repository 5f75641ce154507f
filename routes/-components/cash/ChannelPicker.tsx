import { useT } from '../../../src/client/i18n';
import { HANDOVER_CHANNELS, type HandoverChannel } from '../../../src/shared/cash/ledger-types';

/** Hand to the company (verified with a code) or pay into its bank (verified with the deposit slip). */
export function ChannelPicker({ value, onChange, name }: { value: HandoverChannel; onChange: (c: HandoverChannel) => void; name: string }) {
  const t = useT();
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 text-sm font-medium">{t('handover.channel.label')}</legend>
      <div className="join w-full" role="radiogroup">
        {HANDOVER_CHANNELS.map((c) => (
          <label key={c} className={`btn join-item flex-1 ${value === c ? 'btn-primary' : 'btn-outline'}`} data-testid={`channel-${c}`}>
            <input type="radio" className="sr-only" name={name} value={c} checked={value === c} onChange={() => onChange(c)} />
            {t(`handover.channel.${c}`)}
          </label>
        ))}
      </div>
      {value === 'bank_deposit' ? <p className="text-xs text-base-content/70">{t('handover.channel.bankHint')}</p> : null}
    </fieldset>
  );
}
