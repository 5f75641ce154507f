import { useLocale } from '../../../src/client/i18n';
import { orderAddressText } from '../../../src/shared/gulf/format';
import type { AddressParts } from '../../../src/shared/schemas/address';

/**
 * An order's pickup or delivery address in the reader's language: written from its structured parts
 * when the order has them (issue 8), else the stored text as it was typed. `dir="auto"` keeps an
 * Arabic address right-to-left on an English page and the other way round.
 */
export function OrderAddress({ text, parts, className, testId }: { text: string; parts?: AddressParts | null; className?: string; testId?: string }) {
  const locale = useLocale();
  return (
    <span dir="auto" className={className} data-testid={testId} data-structured={parts ? 'true' : undefined}>
      {orderAddressText(text, parts, locale)}
    </span>
  );
}
