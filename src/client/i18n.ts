import { translate, type MessageKey, type MessageParams } from '../shared/i18n';

/** Every UI string comes from the catalog. Arabic plugs in here later. */
export function useT() {
  return (key: MessageKey, params?: MessageParams) => translate('en', key, params);
}
export { translate };
