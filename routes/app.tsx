import { createFileRoute } from '@tanstack/react-router';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { RiderAppScreen } from './-components/app/RiderAppScreen';

export const Route = createFileRoute('/app')({ component: RiderApp });

function RiderApp() {
  return <PortalGuard route="/app">{(user) => <RiderAppScreen user={user} />}</PortalGuard>;
}
