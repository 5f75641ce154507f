import { currentLocale } from '../src/shared/i18n';
import { render } from '../src/shared/i18n/message';
import { orderBlock } from '../src/server/services/compliance';

/** Why a rider may not take an order now, as the door shows it (in the current language); null when nothing blocks. */
export async function orderBlockText(...args: Parameters<typeof orderBlock>): Promise<string | null> {
  const m = await orderBlock(...args);
  return m && render(currentLocale(), m);
}
