import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';
import { storageNearlyFull } from './space';

/** Whether the device's storage is nearly full, asked once when the screen that takes a photo opens. */
export function useStorageNearlyFull(): boolean {
  const [full, setFull] = useState(false);
  useEffect(() => {
    let live = true;
    void storageNearlyFull().then((f) => live && setFull(f));
    return () => {
      live = false;
    };
  }, []);
  return full;
}

/** Said before a photo is taken when it may not fit on the phone. */
export function StorageWarning() {
  const t = useT();
  if (!useStorageNearlyFull()) return null;
  return (
    <div role="alert" className="alert alert-warning py-2 text-sm" data-testid="storage-warning">
      <Icon name="alert" className="size-5 shrink-0" />
      <span>{t('storage.nearlyFull')}</span>
    </div>
  );
}
