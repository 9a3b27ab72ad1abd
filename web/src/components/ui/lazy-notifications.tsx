import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsRequested } from '../../lib/notify';

const Notifications = lazy(() => import('./notifications').then((module) => ({ default: module.Notifications })));

/**
 * The app's toaster, mounted (and its code loaded) once the first toast is asked for: a visit
 * without a toast never loads react-hot-toast.
 */
export function LazyNotifications() {
  const requested = useSyncExternalStore(subscribeToToasts, toastsRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
