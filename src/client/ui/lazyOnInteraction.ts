import { lazy, type ComponentType } from 'react';
import { onFirstInteraction } from '../first-interaction';

/**
 * A component whose code is downloaded on the page's first interaction, not with the page: the dialogs a tap
 * opens are no part of the first paint or of the first download (issue 10 budgets, issue 20 item 9). Fetched by
 * then, they open with the network cut even where no service worker has precached them yet; with one, they come
 * from its precache. Opened before that fetch ends, the dialog shows once its code is in.
 */
export function lazyOnInteraction<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  onFirstInteraction(() => void get().catch(() => undefined));
  return lazy(get);
}
